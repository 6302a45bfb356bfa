package com.numa.apps;

import com.numa.characterize.apps.Application;
import com.numa.characterize.apps.Applications;
import com.numa.core.child.ChildRun;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiler's slowdown on each application of the registry, full and sampled 1/64: fresh JVMs through ChildJvm
 * (the packaged agent), {@code threads=2 size=SIZE warmup=1 iterations=3}, the modes interleaved run by run (so a
 * change of the machine's load hits every mode alike). Per mode the figures are the median over all runs' measured
 * iterations (the drivers' own marks) of the wall time and of the process CPU time ({@code cpu_ns}: every thread, JIT
 * and GC included); the ratios are over the run without the agent, and the geometric means are over the corpus.
 * <pre>
 * java -Dnuma.agent.jar=... -Dnuma.apps.dir=... -cp apps/target/test-classes:... com.numa.apps.AppsProfilerSlowdown \
 *     [runs [size [app,app,...]]]
 * </pre>
 * One CSV line per application on stdout ({@code application,without_ms,full_ms,sampled64_ms,..._cpu_ms,full_x,...}),
 * then the geometric means; progress on stderr.
 */
public final class AppsProfilerSlowdown {
    private static final Pattern ITERATION = Pattern.compile(
            "\"warmup\":false,\"passed\":true,\"duration_ns\":(\\d+),\"cpu_ns\":(-?\\d+)");
    private static final Map<String, List<String>> MODES = new LinkedHashMap<>();

    static {
        MODES.put("without", null);
        MODES.put("full", List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerQuiet"));
        MODES.put("sampled64", List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerSampling=64", "-XX:+NUMAProfilerQuiet"));
    }

    private AppsProfilerSlowdown() {
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        String size = args.length > 1 ? args[1] : "default";
        List<String> only = args.length > 2 ? List.of(args[2].split(",")) : List.of();
        List<String> run = List.of("threads=2", "size=" + size, "warmup=1", "iterations=3");
        Path work = Files.createTempDirectory("numa-apps-slowdown");
        Map<String, List<Double>> wallRatios = new LinkedHashMap<>();
        Map<String, List<Double>> cpuRatios = new LinkedHashMap<>();
        System.out.println("application,without_ms,full_ms,sampled64_ms,without_cpu_ms,full_cpu_ms,sampled64_cpu_ms,"
                + "full_x,sampled64_x,full_cpu_x,sampled64_cpu_x");
        for (Application a : Applications.all()) {
            if (!only.isEmpty() && !only.contains(a.name())) {
                continue;
            }
            Map<String, List<Double>> wall = new LinkedHashMap<>();
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            String failed = null;
            for (int r = 0; r < runs && failed == null; r++) {
                for (Map.Entry<String, List<String>> mode : MODES.entrySet()) {
                    try {
                        measure(a, mode.getValue(), run, work, wall.computeIfAbsent(mode.getKey(), k -> new ArrayList<>()),
                                cpu.computeIfAbsent(mode.getKey(), k -> new ArrayList<>()));
                    } catch (IllegalStateException e) {
                        failed = mode.getKey() + ": " + e.getMessage().lines().findFirst().orElse("");
                        break;
                    }
                }
                System.err.printf(Locale.ROOT, "%s run %d done%n", a.name(), r + 1);
            }
            if (failed != null) {
                // an application that fails has no slowdown: say so and leave it out of the means
                System.out.printf(Locale.ROOT, "%s,failed (%s)%n", a.name(), failed);
                continue;
            }
            double[] w = medians(wall);
            double[] c = medians(cpu);
            wallRatios.computeIfAbsent("full", k -> new ArrayList<>()).add(w[1] / w[0]);
            wallRatios.computeIfAbsent("sampled64", k -> new ArrayList<>()).add(w[2] / w[0]);
            cpuRatios.computeIfAbsent("full", k -> new ArrayList<>()).add(c[1] / c[0]);
            cpuRatios.computeIfAbsent("sampled64", k -> new ArrayList<>()).add(c[2] / c[0]);
            System.out.printf(Locale.ROOT, "%s,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.2f,%.2f,%.2f,%.2f%n", a.name(), w[0] / 1e6,
                    w[1] / 1e6, w[2] / 1e6, c[0] / 1e6, c[1] / 1e6, c[2] / 1e6, w[1] / w[0], w[2] / w[0], c[1] / c[0],
                    c[2] / c[0]);
        }
        if (!wallRatios.isEmpty()) {
            System.out.printf(Locale.ROOT, "geomean,,,,,,,%.2f,%.2f,%.2f,%.2f%n", geomean(wallRatios.get("full")),
                    geomean(wallRatios.get("sampled64")), geomean(cpuRatios.get("full")), geomean(cpuRatios.get("sampled64")));
        }
    }

    private static double geomean(List<Double> values) {
        return Stats.geomean(values.stream().mapToDouble(d -> d).toArray());
    }

    private static double[] medians(Map<String, List<Double>> byMode) {
        return byMode.values().stream().mapToDouble(v -> Stats.median(v.stream().mapToDouble(d -> d).toArray())).toArray();
    }

    /** One fresh JVM: its measured iterations' wall and CPU times (ns) are added to the lists. */
    private static void measure(Application a, List<String> flags, List<String> args, Path work, List<Double> wall,
            List<Double> cpu) throws IOException {
        Path dir = Files.createTempDirectory(work, a.name());
        Path file = dir.resolve("iterations.jsonl");
        ChildRun run = Corpus.runMain(a, a.driverClass(), flags, args, dir, List.of("-Dnuma.iterations.file=" + file),
                Duration.ofMinutes(20));
        if (!run.succeeded()) {
            throw new IllegalStateException(a.name() + " failed\n" + run.diagnostics());
        }
        Matcher m = ITERATION.matcher(Files.readString(file));
        while (m.find()) {
            wall.add(Double.parseDouble(m.group(1)));
            cpu.add(Double.parseDouble(m.group(2)));
        }
        Scratch.delete(dir);
    }
}
