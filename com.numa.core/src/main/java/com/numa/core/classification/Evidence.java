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
 * @param profileCost       what the profile cost: the profiled run's wall time over the unprofiled run's in the same
 *                          configuration (NaN: unknown, or not profiled)
 * @param startSpreadPct    how far apart the steady workers began to be counted, as a share of the time they span
 *                          ({@link WorkShares#steadyStartSpreadPct()}; NaN: unknown)
 */
public record Evidence(double windowSeconds, double appCpuSeconds, double appCpuSharePct, int threadsMeasured,
        int threadsStarted, double unmeasuredCpuPct, double minCoveragePct, List<String> turnedOverPools,
        boolean mainTakesPart, long profiledAccesses, int sampling, double unknownOwnerPct, long sideTableRefusals,
        String profileBlindSpots, double profileCost, double startSpreadPct) {

    /** Below this much application CPU time in the window, parallelism is not judged. */
    public static final double MIN_APP_CPU_SECONDS = 0.1;
    /**
     * Below this much, a short window: medium confidence at best, and low when the imbalance decides the category (a
     * hot loop runs interpreted for tens of milliseconds before the JIT compiles it, so the first threads pay for a
     * warm-up the later ones do not, and in a window this short that difference is of the order of the work).
     */
    public static final double SHORT_APP_CPU_SECONDS = 0.5;
    /**
     * The steady workers began to be counted over at least this share of the time they span: a window in which they
     * started at different points, so their counts differ by start-up order. Low confidence when the imbalance decides
     * the category; with a short window as well, the imbalance is not judged.
     */
    public static final double START_SPREAD_PCT = 10;
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

    /** Without the profile's cost and the workers' start spread (both unknown). */
    public Evidence(double windowSeconds, double appCpuSeconds, double appCpuSharePct, int threadsMeasured,
            int threadsStarted, double unmeasuredCpuPct, double minCoveragePct, List<String> turnedOverPools,
            boolean mainTakesPart, long profiledAccesses, int sampling, double unknownOwnerPct, long sideTableRefusals,
            String profileBlindSpots) {
        this(windowSeconds, appCpuSeconds, appCpuSharePct, threadsMeasured, threadsStarted, unmeasuredCpuPct,
                minCoveragePct, turnedOverPools, mainTakesPart, profiledAccesses, sampling, unknownOwnerPct,
                sideTableRefusals, profileBlindSpots, Double.NaN, Double.NaN);
    }

    /** One reason to doubt a verdict: how much it weakens it, why, and what to do. */
    public record Concern(Confidence level, String reason) {
        @Override
        public String toString() {
            return level.label() + ": " + reason;
        }
    }

    /** Concerns about the parallelism axis (Table 2's counters) of a category the imbalance did not decide. */
    public List<Concern> parallelismConcerns() {
        return parallelismConcerns(false);
    }

    /**
     * Concerns about the parallelism axis (Table 2's counters). {@code imbalanceDecides}: the imbalance decided the
     * category ({@link ParallelismCategory#decidedByImbalance()}); a short window then weighs more, because what it
     * distorts is that very figure.
     */
    public List<Concern> parallelismConcerns(boolean imbalanceDecides) {
        List<Concern> c = new ArrayList<>();
        boolean littleWork = appCpuSeconds < SHORT_APP_CPU_SECONDS;
        boolean staggered = startSpreadPct >= START_SPREAD_PCT;
        if (appCpuSeconds < MIN_APP_CPU_SECONDS) {
            c.add(new Concern(Confidence.UNCERTAIN, f("the window held %.2f s of application CPU work (at least %.1f s "
                    + "needed): run longer (a larger input, more iterations, or --start-at around the work)",
                    appCpuSeconds, MIN_APP_CPU_SECONDS)));
        } else if (imbalanceDecides && (littleWork || staggered)) {
            List<String> what = new ArrayList<>();
            if (littleWork) {
                what.add(f("%.2f s of application CPU work", appCpuSeconds));
            }
            if (staggered) {
                what.add(f("the workers began to be counted over %.0f%% of the time they span", startSpreadPct));
            }
            c.add(new Concern(littleWork && staggered ? Confidence.UNCERTAIN : Confidence.LOW, "the imbalance can be "
                    + "start-up order, not the work (a short window: " + String.join("; ", what) + "): JIT warm-up and "
                    + "the order the threads started in weigh on a window this short; run longer (a larger input, more "
                    + "iterations, or --start-at around the work)"));
        } else if (littleWork) {
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
        if (!Double.isNaN(startSpreadPct)) {
            parts.add(f("workers' counting began over %.0f%% of their span", startSpreadPct));
        }
        if (profiledAccesses >= 0) {
            parts.add(f("%d profiled accesses%s", profiledAccesses, sampling > 1 ? " (1 in " + sampling + ", scaled)" : ""));
            if (!Double.isNaN(unknownOwnerPct)) {
                parts.add(f("unknown owner %.1f%%", unknownOwnerPct));
            }
            if (sideTableRefusals > 0) {
                parts.add(f("side table refused %d", sideTableRefusals));
            }
            if (!Double.isNaN(profileCost)) {
                parts.add(f("profiled run %.1fx the unprofiled run's wall time", profileCost));
            }
        }
        return String.join("; ", parts);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
