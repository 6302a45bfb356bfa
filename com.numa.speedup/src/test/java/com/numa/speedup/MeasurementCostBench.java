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

    private MeasurementCostBench() {
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path agent = Path.of(System.getProperty("numa.agent.jar", "com.numa.vm/target/numa-agent.jar"));
        Path dir = Files.createTempDirectory("speedup-cost");
        Path jfc = dir.resolve("speedup.jfc");
        Files.writeString(jfc, SpeedupStackCommand.settingsFile());
        ApplicationRunner runner = new ProcessApplicationRunner(Path.of(System.getProperty("java.home"), "bin", "java"),
                Files.isRegularFile(agent) ? agent.toAbsolutePath() : null, 100);
        String[][] programs = {{"SerialInit"}, {"GlobalLock"}, {"Skewed"}, {"AllocationHeavy", "-XX:+UseSerialGC",
            "-Xmx64m"}, {"Scalable"}};
        System.out.printf(Locale.ROOT, "%-16s %10s %10s %8s %12s %12s %8s%n", "program", "wall_ms", "meas_ms", "wall%",
                "phase_ms", "meas_ph_ms", "phase%");
        for (String[] p : programs) {
            List<String> javaArgs = new ArrayList<>(List.of(p).subList(1, p.length));
            javaArgs.addAll(List.of("-cp", GroundTruthTest.testClasses(), "com.numa.speedup.groundtruth." + p[0],
                    Integer.toString(threads)));
            long[] wall = new long[pairs];
            long[] measWall = new long[pairs];
            long[] phase = new long[pairs];
            long[] measPhase = new long[pairs];
            for (int r = 0; r < pairs; r++) {
                ApplicationRunner.Result plain = runner.run(new ApplicationRunner.Request(javaArgs,
                        dir.resolve(p[0] + r + "-plain.log"), null, null, null));
                ApplicationRunner.Result measured = runner.run(new ApplicationRunner.Request(javaArgs,
                        dir.resolve(p[0] + r + ".log"), jfc, dir.resolve(p[0] + r + ".jfr"),
                        dir.resolve(p[0] + r + ".csv")));
                wall[r] = plain.wallNs();
                measWall[r] = measured.wallNs();
                phase[r] = parallelNs(plain.log());
                measPhase[r] = parallelNs(measured.log());
            }
            long w = Medians.lower(wall);
            long mw = Medians.lower(measWall);
            long ph = Medians.lower(phase);
            long mph = Medians.lower(measPhase);
            System.out.printf(Locale.ROOT, "%-16s %10.0f %10.0f %8.1f %12.0f %12.0f %8.1f%n", p[0], w / 1e6, mw / 1e6,
                    100.0 * (mw / (double) w - 1), ph / 1e6, mph / 1e6, 100.0 * (mph / (double) ph - 1));
        }
    }

    private static long parallelNs(Path log) throws java.io.IOException {
        Matcher m = PARALLEL_NS.matcher(Files.readString(log));
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
