package com.numa.apps;

import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.child.ChildRun;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiler's slowdown on each application of the registry, full and sampled 1/64: fresh JVMs through ChildJvm
 * (the packaged agent), {@code threads=2 size=SIZE warmup=1 iterations=3}, the modes interleaved run by run (so a
 * change of the machine's load hits every mode alike), in another order each run. Per mode the figures are the median
 * over all runs' measured iterations (the drivers' own marks) of the wall time and of the process CPU time
 * ({@code cpu_ns}: every thread, JIT and GC included); the ratios are over the run without the agent, and the
 * geometric means are over the corpus.
 * <pre>
 * java -Dnuma.agent.jar=... -Dnuma.apps.dir=... -cp apps/target/test-classes:... com.numa.apps.AppsProfilerSlowdown \
 *     [runs [size [app,app,...]]]
 * </pre>
 * One CSV line per application on stdout ({@code application,without_ms,full_ms,sampled64_ms,..._cpu_ms,full_x,...}),
 * then the geometric means; progress on stderr. {@code -Dnuma.apps.modes=without,sampled64} measures some modes only;
 * {@code -Dnuma.apps.baseline.jar=<other numa-agent.jar>} adds the modes {@code full-base} and {@code sampled64-base}
 * (the same flags on another build, interleaved with this one's); {@code -Dnuma.apps.child.options='...'} passes
 * options to every child JVM (a flight recording, -XX:+CITime); {@code -Dnuma.apps.base.options='...'} only to the
 * {@code -base} modes' JVMs (an A/B of JVM options: the same jar as baseline); {@code -Dnuma.apps.warmup=N} runs N
 * warm-up iterations before the 3 measured ones (default 1).
 */
public final class AppsProfilerSlowdown {
    private static final Pattern ITERATION = Pattern.compile(
            "\"warmup\":false,\"passed\":true,\"duration_ns\":(\\d+),\"cpu_ns\":(-?\\d+)");
    private static final String WITHOUT = "without";
    /** The modes with the agent, by name. */
    private static final Map<String, List<String>> FLAGS = new LinkedHashMap<>();
    /** Which modes to measure (comma-separated names; default without,full,sampled64). */
    static final String MODES_PROPERTY = "numa.apps.modes";
    /** Another agent jar, measured as the modes full-base and sampled64-base (A/B of two builds). */
    static final String BASELINE_PROPERTY = "numa.apps.baseline.jar";
    /** Extra options for every child JVM, separated by spaces (e.g. -XX:StartFlightRecording=...). */
    static final String OPTIONS_PROPERTY = "numa.apps.child.options";
    /** Warm-up iterations before the 3 measured ones (default 1; more: nearer a long-running program's steady state) */
    static final String WARMUP_PROPERTY = "numa.apps.warmup";
    /** Extra options for the -base modes' JVMs only (an A/B of JVM flags: the same jar as baseline, other options). */
    static final String BASE_OPTIONS_PROPERTY = "numa.apps.base.options";

    static {
        FLAGS.put("full", List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerQuiet"));
        FLAGS.put("sampled64", List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerSampling=64", "-XX:+NUMAProfilerQuiet"));
    }

    private AppsProfilerSlowdown() {
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        String size = args.length > 1 ? args[1] : "default";
        List<String> only = args.length > 2 ? List.of(args[2].split(",")) : List.of();
        List<String> run = List.of("threads=2", "size=" + size, "warmup=" + Integer.getInteger(WARMUP_PROPERTY, 1),
                "iterations=3");
        Map<String, Mode> modes = modes(System.getProperty(MODES_PROPERTY), System.getProperty(BASELINE_PROPERTY));
        List<String> childOptions = optionsOf(OPTIONS_PROPERTY);
        Path work = Files.createTempDirectory("numa-apps-slowdown");
        List<String> measured = modes.keySet().stream().filter(m -> !m.equals(WITHOUT)).toList();
        Map<String, List<Double>> wallRatios = new LinkedHashMap<>();
        Map<String, List<Double>> cpuRatios = new LinkedHashMap<>();
        StringBuilder header = new StringBuilder("application");
        modes.keySet().forEach(m -> header.append(',').append(m).append("_ms"));
        modes.keySet().forEach(m -> header.append(',').append(m).append("_cpu_ms"));
        measured.forEach(m -> header.append(',').append(m).append("_x"));
        measured.forEach(m -> header.append(',').append(m).append("_cpu_x"));
        System.out.println(header);
        for (Application a : Applications.builtBy(Application.APPS_MODULE)) {
            if (!only.isEmpty() && !only.contains(a.name())) {
                continue;
            }
            Map<String, List<Double>> wall = new LinkedHashMap<>();
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            String failed = null;
            for (int r = 0; r < runs && failed == null; r++) {
                for (Map.Entry<String, Mode> mode : inRunOrder(modes.entrySet(), r)) {
                    try {
                        measure(a, mode.getValue(), run, childOptions, work,
                                wall.computeIfAbsent(mode.getKey(), k -> new ArrayList<>()),
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
            Map<String, Double> w = medians(wall);
            Map<String, Double> c = medians(cpu);
            StringBuilder line = new StringBuilder(a.name());
            modes.keySet().forEach(m -> line.append(String.format(Locale.ROOT, ",%.0f", w.get(m) / 1e6)));
            modes.keySet().forEach(m -> line.append(String.format(Locale.ROOT, ",%.0f", c.get(m) / 1e6)));
            appendRatios(line, measured, w, wallRatios);
            appendRatios(line, measured, c, cpuRatios);
            System.out.println(line);
        }
        if (!wallRatios.isEmpty()) {
            StringBuilder line = new StringBuilder("geomean");
            line.append(",".repeat(2 * modes.size()));
            measured.forEach(m -> line.append(String.format(Locale.ROOT, ",%.2f", geomean(wallRatios.get(m)))));
            measured.forEach(m -> line.append(String.format(Locale.ROOT, ",%.2f", geomean(cpuRatios.get(m)))));
            System.out.println(line);
        }
    }

    /** Each measured mode's median over the run without the agent: appended to {@code line}, kept for the geomean. */
    private static void appendRatios(StringBuilder line, List<String> measured, Map<String, Double> medians,
            Map<String, List<Double>> ratios) {
        for (String m : measured) {
            double ratio = medians.get(m) / medians.get(WITHOUT);
            ratios.computeIfAbsent(m, k -> new ArrayList<>()).add(ratio);
            line.append(String.format(Locale.ROOT, ",%.2f", ratio));
        }
    }

    /**
     * The modes in the order run {@code r} runs them: every other run reversed, and rotated by one every two runs, so
     * that no mode always runs right before another (a JVM's figures depend a little on the one before it: the page
     * cache, the CPU's clock) nor always first; three modes go through all six orders in six runs.
     */
    static <T> List<T> inRunOrder(Collection<T> modes, int r) {
        List<T> order = new ArrayList<>(modes);
        if (r % 2 == 1) {
            Collections.reverse(order);
        }
        Collections.rotate(order, -(r / 2 % Math.max(1, order.size())));
        return order;
    }

    /** A mode: the agent jar (null: the packaged one) and its flags (null: no agent). */
    private record Mode(Path agentJar, List<String> flags, List<String> options) {
    }

    /**
     * The modes measured, in order: {@code without} first. {@code selected}: a comma-separated subset of the names
     * (null: without, full and sampled64); {@code baseline}: another agent jar, whose modes {@code full-base} and
     * {@code sampled64-base} run the same flags, for an A/B of two builds within one interleaved measurement.
     */
    static Map<String, Mode> modes(String selected, String baseline) {
        Map<String, Mode> all = new LinkedHashMap<>();
        all.put(WITHOUT, new Mode(null, null, List.of()));
        List<String> extra = optionsOf(BASE_OPTIONS_PROPERTY);
        for (Map.Entry<String, List<String>> m : FLAGS.entrySet()) {
            all.put(m.getKey(), new Mode(null, m.getValue(), List.of()));
            if (baseline != null) {
                all.put(m.getKey() + "-base", new Mode(Path.of(baseline), m.getValue(), extra));
            }
        }
        List<String> names = selected == null ? new ArrayList<>(FLAGS.keySet()) : new ArrayList<>(List.of(selected.split(",")));
        names.remove(WITHOUT);
        names.add(0, WITHOUT);
        Map<String, Mode> chosen = new LinkedHashMap<>();
        for (String name : names) {
            Mode mode = all.get(name.strip());
            if (mode == null) {
                throw new IllegalArgumentException("unknown mode '" + name + "' in -D" + MODES_PROPERTY + "; known: "
                        + String.join(",", all.keySet()) + (baseline == null ? " (-base modes need -D" + BASELINE_PROPERTY
                        + "=<agent jar>)" : ""));
            }
            chosen.put(name.strip(), mode);
        }
        return chosen;
    }

    /** JVM options from a system property, separated by spaces (none when unset or blank). */
    private static List<String> optionsOf(String property) {
        String options = System.getProperty(property, "").strip();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }

    private static double geomean(List<Double> values) {
        return Stats.geomean(values.stream().mapToDouble(d -> d).toArray());
    }

    private static Map<String, Double> medians(Map<String, List<Double>> byMode) {
        Map<String, Double> medians = new LinkedHashMap<>();
        byMode.forEach((mode, v) -> medians.put(mode, Stats.median(v.stream().mapToDouble(d -> d).toArray())));
        return medians;
    }

    /** One fresh JVM: its measured iterations' wall and CPU times (ns) are added to the lists. */
    private static void measure(Application a, Mode mode, List<String> args, List<String> childOptions, Path work,
            List<Double> wall, List<Double> cpu) throws IOException {
        Path dir = Files.createTempDirectory(work, a.name());
        Path file = dir.resolve("iterations.jsonl");
        List<String> options = new ArrayList<>(childOptions);
        options.addAll(mode.options());
        options.add("-Dnuma.iterations.file=" + file);
        ChildRun run = Corpus.runMain(a, a.driverClass(), mode.agentJar() == null ? Corpus.agentJar() : mode.agentJar(),
                mode.flags(), args, dir, options, Duration.ofMinutes(20));
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
