package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.threads.ThreadRoleRules;
import com.numa.core.topology.CpuSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The optimizer as users run it: {@code bin/numa vm -XX:NUMATopology=2 -XX:+NUMAOpts ...} with the packaged agent
 * (run with mvn verify), default start delay. A single-threaded program ends SINGLE_THREADED, every thread of its JVM
 * on one pseudo-node's CPU as the program itself reads it from /proc, and the decision log has its rows and summary.
 * Start-up cost: the thread dump the optimizer needs is taken without starting the platform MBean server (the JVM's
 * class-loading log shows the DiagnosticCommand bean but no MBean server), and no native library is loaded before
 * the application's main method, nor is the decision loop's machinery (it is made after the start delay).
 */
class AwarenessThreadAgentIT {

    @Test
    void singleThreadedProgramUnderTheAgentEndsPinnedToOneNode(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("decisions.csv");
        Path classes = tmp.resolve("classes.log");
        NumaVm run = NumaVm.run(tmp, List.of("-XX:NUMATopology=2", "-XX:+NUMAOpts", "-XX:NUMAOptsLog=" + log,
                "-Xlog:class+load=info:file=" + classes), SpinningMainProgram.class, "60000");
        String out = run.out();
        String err = run.err();
        assertEquals(0, run.exitCode(), err);
        assertTrue(err.contains("numa: NUMAOpts: decided SINGLE_THREADED"), err);
        List<String> threads = out.lines().filter(l -> l.startsWith("tid=")).toList();
        List<String> allowed = threads.stream().filter(l -> !ThreadRoleRules.isTool(comm(l)))
                .map(l -> l.substring(l.indexOf("allowed=") + 8, l.indexOf(" comm="))).distinct().toList();
        assertEquals(1, allowed.size(), "every thread but numa-jvm's own on one pseudo-node: " + out);
        CpuSet node = CpuSet.parseList(allowed.get(0));
        // the Awareness Thread is not confined with the application: it must run on time to give the CPUs back
        String awareness = threads.stream().filter(l -> comm(l).startsWith("NUMA-Awareness")).findFirst()
                .map(l -> l.substring(l.indexOf("allowed=") + 8, l.indexOf(" comm="))).orElseThrow();
        CpuSet all = CpuSet.parseList(awareness);
        assertTrue(all.containsAll(node) && !all.equals(node), "Awareness Thread on " + all + ", application on " + node);
        List<String> lines = Files.readAllLines(log);
        assertEquals(String.join(",", IntervalRecord.HEADER), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.contains(",SINGLE_THREADED,")), String.join("\n", lines));
        String summary = lines.get(lines.size() - 1);
        assertTrue(summary.startsWith("# summary,") && summary.contains("final_state=SINGLE_THREADED")
                && summary.contains(" measured=yes "), summary);
        List<String> loaded = Files.readAllLines(classes);
        assertTrue(loaded.stream().anyMatch(l -> l.contains(" com.sun.management.internal.DiagnosticCommandImpl ")),
                "the thread dump was taken");
        assertTrue(loaded.stream().noneMatch(l -> l.contains(" com.sun.jmx.mbeanserver.JmxMBeanServer ")),
                "the platform MBean server was started");
        int mainLoaded = indexOf(loaded, " " + SpinningMainProgram.class.getName() + " ");
        int jnaLoaded = indexOf(loaded, " com.sun.jna.Native ");
        assertTrue(mainLoaded >= 0 && (jnaLoaded < 0 || jnaLoaded > mainLoaded),
                "JNA loaded (line " + jnaLoaded + ") before the application's main class (line " + mainLoaded + ")");
        // the loop's machinery is made on the Awareness Thread after the start delay, not in premain
        for (Class<?> deferred : List.of(Decider.class, NodePinner.class, SyscallMemoryPlacement.class)) {
            int at = indexOf(loaded, " " + deferred.getName() + " ");
            assertTrue(at > mainLoaded, deferred.getSimpleName() + " loaded (line " + at
                    + ") before the application's main class (line " + mainLoaded + ")");
        }
    }

    private static String comm(String threadLine) {
        return threadLine.substring(threadLine.indexOf(" comm=") + 6);
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
