package com.numa.speedup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the measurement costs on the ground-truth programs at N threads: pairs of runs without and with JFR + PerfUtil,
 * interleaved, medians of the wall time and of the parallel phase the programs time themselves. Not a test (it only
 * reports); run it as the module README says.
 */
public final class MeasurementCostBench {
    private static final Pattern PARALLEL_NS = Pattern.compile("parallel_ns=(\\d+)");
    private static final Pattern PARALLEL_CPU_NS = Pattern.compile("parallel_cpu_ns=(\\d+)");

    private MeasurementCostBench() {
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path agent = Path.of(System.getProperty("numa.agent.jar", "com.numa.vm/target/numa-agent.jar"));
        Path dir = Files.createTempDirectory("speedup-cost");
        Path jfc = dir.resolve("speedup.jfc");
        Files.writeString(jfc, SpeedupStackCommand.settingsFile());
        ApplicationRunner runner = new ChildJvmApplicationRunner(com.numa.core.child.TargetJava.current(),
                Files.isRegularFile(agent) ? agent.toAbsolutePath() : null, 100);
        String[][] programs = {{"SerialInit"}, {"GlobalLock"}, {"Skewed"}, {"AllocationHeavy", "-XX:+UseSerialGC",
            "-Xmx64m"}, {"Scalable"}};
        System.out.printf(Locale.ROOT, "%-16s %9s %9s %7s %9s %9s %7s %9s %9s %7s%n", "program", "wall_ms", "meas_ms",
                "wall%", "phase_ms", "meas_ms", "phase%", "cpu_ms", "meas_ms", "cpu%");
        for (String[] p : programs) {
            List<String> javaArgs = new ArrayList<>(List.of(p).subList(1, p.length));
            javaArgs.addAll(List.of("-cp", GroundTruthTest.testClasses(), "com.numa.speedup.groundtruth." + p[0],
                    Integer.toString(threads)));
            long[] wall = new long[pairs];
            long[] measWall = new long[pairs];
            long[] phase = new long[pairs];
            long[] measPhase = new long[pairs];
            long[] cpu = new long[pairs];
            long[] measCpu = new long[pairs];
            for (int r = 0; r < pairs; r++) {
                ApplicationRunner.Result plain = runner.run(new ApplicationRunner.Request(javaArgs,
                        dir.resolve(p[0] + r + "-plain.log"), null, null, null));
                ApplicationRunner.Result measured = runner.run(new ApplicationRunner.Request(javaArgs,
                        dir.resolve(p[0] + r + ".log"), jfc, dir.resolve(p[0] + r + ".jfr"),
                        dir.resolve(p[0] + r + ".csv")));
                wall[r] = plain.wallNs();
                measWall[r] = measured.wallNs();
                phase[r] = find(PARALLEL_NS, plain.log());
                measPhase[r] = find(PARALLEL_NS, measured.log());
                cpu[r] = find(PARALLEL_CPU_NS, plain.log());
                measCpu[r] = find(PARALLEL_CPU_NS, measured.log());
            }
            System.out.printf(Locale.ROOT, "%-16s%s%s%s%n", p[0], pair(wall, measWall), pair(phase, measPhase),
                    pair(cpu, measCpu));
        }
    }

    /** Medians without and with, in ms, and the cost in percent. */
    private static String pair(long[] plain, long[] measured) {
        long a = Medians.lower(plain);
        long b = Medians.lower(measured);
        return String.format(Locale.ROOT, " %9.0f %9.0f %7.1f", a / 1e6, b / 1e6, 100.0 * (b / (double) a - 1));
    }

    private static long find(Pattern p, Path log) throws java.io.IOException {
        Matcher m = p.matcher(Files.readString(log));
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
