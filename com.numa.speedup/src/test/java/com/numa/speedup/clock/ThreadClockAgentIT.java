package com.numa.speedup.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread clock in a real child JVM, through the agent jar speedup-stack writes, on a program that knows its own
 * CPU times: the worker's row holds at least the CPU time the worker saw at its end, and the main row at least what
 * main burned after premain. Amounts of CPU time, not durations: a busy machine only stretches them.
 */
class ThreadClockAgentIT {
    private static final Pattern WORKER = Pattern.compile("worker_id=(\\d+) worker_cpu_ns=(\\d+)");

    @TempDir
    Path tmp;

    @Test
    void theAgentJarIsOneClassAndItsPremainClass() throws Exception {
        Path jar = tmp.resolve("clock.jar");
        Files.write(jar, com.numa.speedup.SpeedupMeasurementAccess.agentJarBytes());
        try (JarFile j = new JarFile(jar.toFile())) {
            assertEquals(ThreadClockAgent.class.getName(), j.getManifest().getMainAttributes().getValue("Premain-Class"));
            assertEquals(List.of("META-INF/MANIFEST.MF", ThreadClockAgent.class.getName().replace('.', '/') + ".class"),
                    j.stream().map(e -> e.getName()).filter(n -> !n.equals("META-INF/")).toList());
        }
    }

    @Test
    void readsEveryThreadsCpuTimeAndTheMainThreadsSincePremain() throws Exception {
        Path jar = tmp.resolve("clock.jar");
        Files.write(jar, com.numa.speedup.SpeedupMeasurementAccess.agentJarBytes());
        Path csv = tmp.resolve("clock.csv");
        ChildRun run = ChildJvm.current().options("-javaagent:" + jar + "=10:" + csv)
                .classPath(System.getProperty("java.class.path"))
                .main(ClockedProgram.class.getName(), List.of("150", "200")).run();
        assertTrue(run.succeeded(), run.diagnostics());
        Matcher m = WORKER.matcher(run.stdout());
        assertTrue(m.find(), run.diagnostics());
        long workerId = Long.parseLong(m.group(1));
        long workerCpu = Long.parseLong(m.group(2));
        Matcher mainId = Pattern.compile("main_id=(\\d+)").matcher(run.stdout());
        assertTrue(mainId.find(), run.diagnostics());

        List<String> lines = Files.readAllLines(csv);
        assertEquals(ThreadClockAgent.HEADER, lines.get(0));
        Map<String, Long> cpuByRow = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            cpuByRow.put(f[1] + ":" + f[0], Long.parseLong(f[2]));
        }
        Long worker = cpuByRow.get("thread:" + workerId);
        assertNotNull(worker, "no row for the worker " + workerId + " in " + lines);
        assertTrue(worker >= workerCpu && workerCpu >= 200_000_000L, worker + " < " + workerCpu);
        Long main = cpuByRow.get("main:" + mainId.group(1)); // 1 on JDK 17, 3 on JDK 25
        assertNotNull(main, "no main row in " + lines);
        assertTrue(main >= 150_000_000L, "main burned 150 ms after premain, the clock says " + main);
        assertTrue(!cpuByRow.containsKey("thread:" + mainId.group(1)), "main is its own row, not a thread row: " + lines);
    }

    @Test
    void aBadArgumentTurnsTheClockOffAndTheApplicationRunsOn() throws Exception {
        Path jar = tmp.resolve("clock.jar");
        Files.write(jar, com.numa.speedup.SpeedupMeasurementAccess.agentJarBytes());
        ChildRun run = ChildJvm.current().options("-javaagent:" + jar + "=often")
                .classPath(System.getProperty("java.class.path"))
                .main(ClockedProgram.class.getName(), List.of("1", "1")).run();
        assertTrue(run.succeeded(), run.diagnostics());
        assertTrue(run.stdout().contains("worker_id="), run.diagnostics());
        assertTrue(run.stderr().contains("thread clock is off"), run.diagnostics());
    }
}
