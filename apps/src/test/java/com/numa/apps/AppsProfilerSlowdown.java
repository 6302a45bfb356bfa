package com.numa.apps;

import com.numa.characterize.apps.Application;
import com.numa.characterize.apps.Applications;
import com.numa.core.child.ChildRun;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiler's slowdown on each application of the registry, full and sampled 1/64: fresh JVMs through ChildJvm
 * (the packaged agent), {@code size=small warmup=1 iterations=3}; the figure is the median measured iteration (the
 * drivers' own marks) with the profiler over the median without, and the geometric mean over the corpus.
 * <pre>
 * java -Dnuma.agent.jar=... -Dnuma.apps.dir=... -cp apps/target/test-classes:... com.numa.apps.AppsProfilerSlowdown [runs]
 * </pre>
 */
public final class AppsProfilerSlowdown {
    private static final Pattern DURATION = Pattern.compile("\"warmup\":false,\"passed\":true,\"duration_ns\":(\\d+)");
    private static final List<String> RUN = List.of("threads=2", "size=small", "warmup=1", "iterations=3");

    private AppsProfilerSlowdown() {
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Path work = Files.createTempDirectory("numa-apps-slowdown");
        List<Double> full = new ArrayList<>();
        List<Double> sampled = new ArrayList<>();
        System.out.println("application,without_ms,full_ms,sampled64_ms,full_x,sampled64_x");
        for (Application a : Applications.all()) {
            double without = median(a, null, runs, work);
            double f;
            double s;
            try {
                f = median(a, List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerQuiet"), runs, work);
                s = median(a, List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerSampling=64", "-XX:+NUMAProfilerQuiet"), runs, work);
            } catch (IllegalStateException e) {
                // a known failure (CorpusIT.KNOWN_FAILURES) has no slowdown: say so and leave it out of the means
                System.out.printf(Locale.ROOT, "%s,%.0f,failed,failed,,%n", a.name(), without / 1e6);
                continue;
            }
            full.add(f / without);
            sampled.add(s / without);
            System.out.printf(Locale.ROOT, "%s,%.0f,%.0f,%.0f,%.2f,%.2f%n", a.name(), without / 1e6, f / 1e6, s / 1e6,
                    f / without, s / without);
        }
        System.out.printf(Locale.ROOT, "geomean,,,,%.2f,%.2f%n", Stats.geomean(full.stream().mapToDouble(d -> d).toArray()),
                Stats.geomean(sampled.stream().mapToDouble(d -> d).toArray()));
    }

    /** The median measured iteration over {@code runs} fresh JVMs, ns. */
    private static double median(Application a, List<String> flags, int runs, Path work) throws IOException {
        List<Double> iterations = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            Path dir = Files.createTempDirectory(work, a.name());
            Path file = dir.resolve("iterations.jsonl");
            List<String> args = new ArrayList<>(List.of("-Dnuma.iterations.file=" + file));
            ChildRun run = Corpus.run(a, flags, RUN, dir, args);
            if (!run.succeeded()) {
                throw new IllegalStateException(a.name() + " failed\n" + run.diagnostics());
            }
            Matcher m = DURATION.matcher(Files.readString(file));
            while (m.find()) {
                iterations.add(Double.parseDouble(m.group(1)));
            }
        }
        return Stats.median(iterations.stream().mapToDouble(d -> d).toArray());
    }
}
