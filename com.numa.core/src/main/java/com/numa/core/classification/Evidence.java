package com.numa.core.classification;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a verdict rests on, and how far it can be trusted. Every figure is NaN (or -1 for counts) when unknown; an
 * unknown figure raises no concern by itself. The limits below are the documented ones: under a limit the axis reads
 * {@code Uncertain} and the reason says what to do.
 *
 * @param windowSeconds     wall-clock length of the measured window
 * @param appCpuSeconds     CPU time of the application's threads in the window
 * @param appCpuSharePct    the application's share of the JVM's CPU time in the window (the rest: JIT, GC, ...)
 * @param threadsMeasured   threads with counts (the Java threads PerfUtil measured, where it says)
 * @param threadsStarted    Java threads the JVM started while counted (-1: unknown)
 * @param unmeasuredCpuPct  share of the process's CPU time that no thread's counts hold: threads that were never
 *                          counted (NaN: unknown)
 * @param minCoveragePct    the lowest multiplexing coverage (time_running / time_enabled) of a counted event
 * @param turnedOverPools   pools whose turned-over threads were grouped into the workers
 * @param mainTakesPart     the main thread counted with the workers
 * @param profiledAccesses  profiled accesses (scaled when sampled); -1 when not profiled
 * @param sampling          one access in this many was profiled (1: every one)
 * @param unknownOwnerPct   share of profiled accesses whose object had no known owner
 * @param sideTableRefusals objects the profiler's side table had to refuse (full)
 * @param profileBlindSpots what the profile did not see, each with its fix ("primitive fields (...)"); "" none
 */
public record Evidence(double windowSeconds, double appCpuSeconds, double appCpuSharePct, int threadsMeasured,
        int threadsStarted, double unmeasuredCpuPct, double minCoveragePct, List<String> turnedOverPools,
        boolean mainTakesPart, long profiledAccesses, int sampling, double unknownOwnerPct, long sideTableRefusals,
        String profileBlindSpots) {

    /** Below this much application CPU time in the window, parallelism is not judged. */
    public static final double MIN_APP_CPU_SECONDS = 0.1;
    /** Below this much, a short window: medium confidence at best. */
    public static final double SHORT_APP_CPU_SECONDS = 0.5;
    /** Below this share of the JVM's CPU, the window held mostly JIT and GC work: low confidence. */
    public static final double LOW_APP_CPU_SHARE_PCT = 25;
    /** Above this share of the process's CPU on uncounted threads, parallelism is not judged. */
    public static final double MAX_UNMEASURED_CPU_PCT = 20;
    /** Below this many profiled accesses actually recorded (scaled accesses / sampling), dependencies are not judged. */
    public static final long MIN_PROFILED_SAMPLES = 1_000;
    /** Above this share of unknown-owner accesses, dependencies are not judged. */
    public static final double MAX_UNKNOWN_OWNER_PCT = 50;
    /** Multiplexing coverage below this: low confidence. */
    public static final double LOW_COVERAGE_PCT = 50;

    public Evidence {
        turnedOverPools = List.copyOf(turnedOverPools);
    }

    /** One reason to doubt a verdict: how much it weakens it, why, and what to do. */
    public record Concern(Confidence level, String reason) {
        @Override
        public String toString() {
            return level.label() + ": " + reason;
        }
    }

    /** Concerns about the parallelism axis (Table 2's counters). */
    public List<Concern> parallelismConcerns() {
        List<Concern> c = new ArrayList<>();
        if (appCpuSeconds < MIN_APP_CPU_SECONDS) {
            c.add(new Concern(Confidence.UNCERTAIN, f("the window held %.2f s of application CPU work (at least %.1f s "
                    + "needed): run longer (a larger input, more iterations, or --start-at around the work)",
                    appCpuSeconds, MIN_APP_CPU_SECONDS)));
        } else if (appCpuSeconds < SHORT_APP_CPU_SECONDS) {
            c.add(new Concern(Confidence.MEDIUM, f("a short window: %.2f s of application CPU work", appCpuSeconds)));
        }
        if (unmeasuredCpuPct > MAX_UNMEASURED_CPU_PCT) {
            c.add(new Concern(Confidence.UNCERTAIN, f("%.0f%% of the process's CPU time ran on threads that were not "
                    + "counted: lower -XX:PerfUtilThreadWatch, or make the threads live longer", unmeasuredCpuPct)));
        } else if (unmeasuredCpuPct > MAX_UNMEASURED_CPU_PCT / 4) {
            c.add(new Concern(Confidence.MEDIUM, f("%.0f%% of the process's CPU time ran on threads that were not "
                    + "counted", unmeasuredCpuPct)));
        } else if (Double.isNaN(unmeasuredCpuPct) && threadsStarted > threadsMeasured && threadsMeasured >= 0) {
            c.add(new Concern(Confidence.LOW, f("%d threads started but only %d were measured", threadsStarted,
                    threadsMeasured)));
        }
        if (appCpuSharePct < LOW_APP_CPU_SHARE_PCT) {
            c.add(new Concern(Confidence.LOW, f("the application did only %.0f%% of the JVM's CPU work in the window (the "
                    + "JIT and GC the rest): run longer or with more warm-up iterations", appCpuSharePct)));
        } else if (appCpuSharePct < 2 * LOW_APP_CPU_SHARE_PCT) {
            c.add(new Concern(Confidence.MEDIUM, f("the application did %.0f%% of the JVM's CPU work in the window",
                    appCpuSharePct)));
        }
        if (minCoveragePct < LOW_COVERAGE_PCT) {
            c.add(new Concern(Confidence.LOW, f("counters were multiplexed down to %.0f%% coverage: count fewer events",
                    minCoveragePct)));
        }
        if (!turnedOverPools.isEmpty()) {
            c.add(new Concern(Confidence.MEDIUM, "threads of " + String.join(", ", turnedOverPools) + " turned over and "
                    + "were counted as workers; the imbalance leaves them out (each lived for part of the run)"));
        }
        return c;
    }

    /** Concerns about the data-dependency axis (Table 4's profile); none when not profiled. */
    public List<Concern> dependencyConcerns() {
        List<Concern> c = new ArrayList<>();
        if (profiledAccesses < 0) {
            return c;
        }
        long samples = profiledAccesses / Math.max(1, sampling);
        if (samples < MIN_PROFILED_SAMPLES) {
            c.add(new Concern(Confidence.UNCERTAIN, f("only %d accesses were profiled (at least %d needed): run longer",
                    samples, MIN_PROFILED_SAMPLES)));
        }
        if (unknownOwnerPct > MAX_UNKNOWN_OWNER_PCT) {
            c.add(new Concern(Confidence.UNCERTAIN, f("%.0f%% of the profiled accesses had an unknown owner (objects made "
                    + "before profiling or by classes not instrumented): see -XX:NUMAProfilerRetransform, or measure a "
                    + "later window with --start-at", unknownOwnerPct)));
        } else if (unknownOwnerPct > MAX_UNKNOWN_OWNER_PCT / 2) {
            c.add(new Concern(Confidence.LOW, f("%.0f%% of the profiled accesses had an unknown owner", unknownOwnerPct)));
        } else if (unknownOwnerPct > MAX_UNKNOWN_OWNER_PCT / 5) {
            c.add(new Concern(Confidence.MEDIUM, f("%.0f%% of the profiled accesses had an unknown owner", unknownOwnerPct)));
        }
        if (sideTableRefusals > 0) {
            c.add(new Concern(Confidence.MEDIUM, f("the profiler's side table refused %d objects (full): their accesses "
                    + "have no owner", sideTableRefusals)));
        }
        if (!profileBlindSpots.isEmpty()) {
            c.add(new Concern(Confidence.LOW, "the profile did not see " + profileBlindSpots));
        }
        return c;
    }

    /** The weakest level among the concerns; HIGH when there are none. */
    public static Confidence level(List<Concern> concerns) {
        Confidence c = Confidence.HIGH;
        for (Concern x : concerns) {
            c = c.min(x.level());
        }
        return c;
    }

    /** One line for tables: the figures, each with its unit. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!Double.isNaN(windowSeconds)) {
            parts.add(f("window %.2f s", windowSeconds));
        }
        if (!Double.isNaN(appCpuSeconds)) {
            parts.add(f("application CPU %.2f s", appCpuSeconds));
        }
        if (!Double.isNaN(appCpuSharePct)) {
            parts.add(f("application %.0f%% of the JVM's CPU", appCpuSharePct));
        }
        parts.add(threadsStarted >= 0 ? f("%d threads measured of %d started", threadsMeasured, threadsStarted)
                : f("%d threads measured", threadsMeasured));
        if (!Double.isNaN(unmeasuredCpuPct)) {
            parts.add(f("%.1f%% of the process's CPU in no thread's counts", unmeasuredCpuPct));
        }
        if (!Double.isNaN(minCoveragePct) && minCoveragePct < 100) {
            parts.add(f("counter coverage %.0f%%", minCoveragePct));
        }
        if (mainTakesPart) {
            parts.add("main counted with the workers");
        }
        if (profiledAccesses >= 0) {
            parts.add(f("%d profiled accesses%s", profiledAccesses, sampling > 1 ? " (1 in " + sampling + ", scaled)" : ""));
            if (!Double.isNaN(unknownOwnerPct)) {
                parts.add(f("unknown owner %.1f%%", unknownOwnerPct));
            }
            if (sideTableRefusals > 0) {
                parts.add(f("side table refused %d", sideTableRefusals));
            }
        }
        return String.join("; ", parts);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
