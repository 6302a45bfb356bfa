package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.testing.NumaGuest;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Awareness Thread on a real two-node kernel (the QEMU guest, node 0 = CPU 0, node 1 = CPU 1): a single-threaded
 * program ends SINGLE_THREADED with every thread on node 1 (the main thread's), a late thread is pinned back, and
 * with -XX:NUMAOptsMemPolicy=migrate or bind its heap, first touched on node 0, ends on node 1 (one guest boot per
 * policy, ~30 s each). Skipped where no guest runs.
 */
@Tag("guest")
class AwarenessThreadGuestIT {

    @ParameterizedTest
    @ValueSource(strings = {"migrate", "bind"})
    void singleThreadedProgramAndItsHeapEndOnTheMainThreadsNode(String policy) throws Exception {
        NumaGuest.assumeAvailable();
        List<String> cp = new ArrayList<>();
        for (Class<?> c : List.of(OptGuestProbe.class, AwarenessThread.class, LinuxSyscalls.class, com.sun.jna.Native.class,
                com.numa.core.log.NumaLog.class, org.apache.commons.csv.CSVFormat.class)) {
            cp.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        List<String> cmd = NumaGuest.javaCommand();
        cmd.addAll(List.of("-Xms256m", "-cp", String.join(File.pathSeparator, cp), OptGuestProbe.class.getName(), policy));
        NumaGuest.Result r = NumaGuest.run(Duration.ofMinutes(4), cmd.toArray(String[]::new));
        String out = r.output();
        Map<String, String> kv = new HashMap<>();
        for (String line : out.split("\n")) {
            int eq = line.indexOf('=');
            int space = line.indexOf(' ');
            if (eq > 0 && (space < 0 || space > eq)) { // key=value lines, not log lines
                kv.putIfAbsent(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        }
        System.out.println(out); // kept in the surefire report for diagnosis
        assertEquals(0, r.exitCode(), out);
        assertEquals("2", kv.get("nodes"), out);
        assertEquals("SINGLE_THREADED", kv.get("state"), out);
        assertEquals("true", kv.get("all_threads_on_node1"), out);
        assertEquals("1", kv.get("late_thread_cpus"), out);
        assertEquals("null", kv.get("failure"), out);
        assertTrue(!out.contains("memory policy off"), out);
        long[] before = pages(kv.get("before_anon"));
        long[] after = pages(kv.get("after_anon"));
        assertTrue(before[0] >= 16_384, "the 64 MiB array was first touched on node 0: " + kv.get("before_anon"));
        assertTrue(after[1] >= 16_384 && after[0] * 10 < after[1], "anonymous pages moved to node 1: before "
                + kv.get("before_anon") + ", after " + kv.get("after_anon") + "\n" + out);
    }

    private static long[] pages(String s) {
        String[] parts = s.split(",");
        return new long[] {Long.parseLong(parts[0].substring(3)), Long.parseLong(parts[1].substring(3))};
    }
}
