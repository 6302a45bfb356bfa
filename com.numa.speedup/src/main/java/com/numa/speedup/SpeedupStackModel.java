package com.numa.speedup;

import java.util.EnumMap;
import java.util.Map;

/**
 * The speedup-stack arithmetic of Sartor et al., "Speedup stacks for managed applications" (equation numbers are the
 * paper's). No I/O: it takes the wall times of the unmeasured runs (T_s at 1 thread, T_p at N) and the raw times of
 * the measured runs, so a test can drive it with scripted numbers.
 *
 * <p>T_s and T_p come from runs without JFR or the agent, so the speedup is the one users get. T_seq is the main
 * thread's CPU time from the thread clock, as the paper counts the MainThread's execution time (Section IV);
 * CPU time, so a busy shared machine does not inflate it. Either way the measurement's own start-up is taken out
 * ({@link MeasurementStartup}: JFR starts on the main thread, a few hundred ms that would otherwise count as serial
 * initialization N times over): from the CPU time, the main thread's CPU time of an empty main; without the clock,
 * T_seq is the measured run's wall time minus its worker span minus the start-up's wall time.
 */
final class SpeedupStackModel {
    private SpeedupStackModel() {
    }

    static SpeedupStack stack(int threads, long serialNs, RunSummary baseline, long parallelNs, RunSummary parallel,
                              MeasurementStartup startup) {
        if (threads < 1 || serialNs <= 0 || parallelNs <= 0) {
            throw new IllegalArgumentException("need N >= 1 and positive T_s, T_p; got N=" + threads
                    + " T_s=" + serialNs + " T_p=" + parallelNs);
        }
        double tp = parallelNs;
        Map<Component, SpeedupStack.Part> parts = new EnumMap<>(Component.class);
        // Eq. (1): S = T_s / T_p.
        double measured = serialNs / tp;
        parts.put(Component.MEASURED, new SpeedupStack.Part(measured, serialNs, parallelNs, serialNs));
        // Eq. (4): only the GC's failure to scale costs speedup; T_GC,ST is already inside T_s.
        long gcWeighted = (long) threads * parallel.gcPauseNs() - baseline.gcPauseNs();
        parts.put(Component.GC, part(gcWeighted, tp, parallel.gcPauseNs(), baseline.gcPauseNs()));
        // Eq. (5): the same scaling for the main thread's time alone (start-up, set-up, shutdown).
        long seqMt = serialTime(parallel, startup);
        long seqSt = serialTime(baseline, startup);
        parts.put(Component.INITIALIZATION, part((long) threads * seqMt - seqSt, tp, seqMt, seqSt));
        // Eq. (6): waits summed over the N application threads, GC pauses taken out.
        parts.put(Component.SYNCHRONIZATION, part(parallel.syncNs(), tp, parallel.syncNs(), baseline.syncNs()));
        // Eq. (7): each thread's time from its exit to the last thread's exit.
        parts.put(Component.IMBALANCE, part(parallel.exitNs(), tp, parallel.exitNs(), baseline.exitNs()));
        // Eq. (7), O4: what the measured causes do not explain (parallelization overhead, shared caches and memory,
        // and on a shared VM the time a runnable thread waits for a CPU).
        double other = threads - measured;
        long otherWeighted = (long) threads * parallelNs - serialNs;
        for (Component c : new Component[] {Component.GC, Component.INITIALIZATION, Component.SYNCHRONIZATION,
                Component.IMBALANCE}) {
            other -= parts.get(c).speedup();
            otherWeighted -= parts.get(c).weightedNs();
        }
        // Its mt_ns is the part that time-sharing explains: the workers' runnable-but-not-running time (thread clock).
        parts.put(Component.OTHER, new SpeedupStack.Part(other, otherWeighted, Math.max(0, parallel.descheduledNs()),
                Math.max(0, baseline.descheduledNs())));
        // How much of "other" a CPU taken by other tenants explains, weighted as the component it stretches: the
        // workers' descheduled time summed as their waits are (eq. 6), the main thread's alone as T_seq is (eq. 5).
        long timeSharing = Math.max(0, parallel.descheduledNs()) + (long) threads * serialDescheduled(parallel, startup)
                - serialDescheduled(baseline, startup);
        return new SpeedupStack(threads, serialNs, parallelNs, parts, baseline, parallel, Math.max(0, timeSharing));
    }

    /**
     * The main thread's runnable-but-not-running time while it runs alone: the measured run outside its workers' span
     * and the measurement's start-up, less the main thread's CPU time (T_seq); 0 without the clock. An upper bound, as
     * the workers' is (a main thread that sleeps or reads files alone counts here too).
     */
    static long serialDescheduled(RunSummary run, MeasurementStartup startup) {
        if (run.workerCount() == 0 || run.mainRunningNs() < 0) {
            return 0;
        }
        return Math.max(0, run.wallNs() - startup.wallNs() - run.workerSpanNs() - serialTime(run, startup));
    }

    /**
     * The main thread's own time: its CPU time, or else the run outside the span of its workers, the measurement's
     * start-up taken out of either. A run without worker threads did its work on the main thread, which then is its
     * one worker, so nothing of it is serial.
     */
    static long serialTime(RunSummary run, MeasurementStartup startup) {
        if (run.workerCount() == 0) {
            return 0;
        }
        if (run.mainRunningNs() >= 0) {
            return Math.max(0, run.mainRunningNs() - startup.mainCpuNs());
        }
        return Math.max(0, run.wallNs() - startup.wallNs() - run.workerSpanNs());
    }

    private static SpeedupStack.Part part(long weightedNs, double tp, long mtNs, long stNs) {
        return new SpeedupStack.Part(weightedNs / tp, weightedNs, mtNs, stNs);
    }
}
