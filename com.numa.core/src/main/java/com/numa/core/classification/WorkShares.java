package com.numa.core.classification;

import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadRoleRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Who did the application's work (Table 2's split, one rule for the study and the Awareness Thread): the main thread,
 * the workers and the auxiliary threads. JVM-internal and tool threads are not the application's and are left out.
 * <ul>
 * <li>A non-main application thread is a worker when it did at least {@code workerSharePct} of the non-main
 * application work.</li>
 * <li>A pool that turns over (an executor whose threads time out, a pool made per batch) shows many threads that each
 * did little: three or more threads whose names differ only in a trailing number ("pool-3-thread-17") that together
 * pass the worker share, and that took turns (at most half of them alive at once, {@link Lifetime#tookTurns}), are
 * workers, and the pool's name is reported in {@link #turnedOverPools()}. Threads that lived at the same time, or whose
 * lives are unknown, are never grouped so: a crew alive together is as many threads as it has.</li>
 * <li>A thread below the worker share whose pool ("heavy-pool-3" of "heavy-pool-") holds a worker, and that did not
 * turn over, is that worker's sibling and a worker too: the pool was made to share the work, so its small share is the
 * work's imbalance (ISMM'23 §4.1.3: one worker doing 80% "even though 7-8 workers are spawned"). The JVM's default
 * names ("Thread-7") name no pool: unrelated threads share them.</li>
 * <li>Framework threads are read by their names ({@link ThreadRoleRules}): Spark's task threads are workers whatever
 * each one's share (a task thread is renamed per task and its pool turns over, so they are grouped by pool), and its
 * service threads (RPC, netty, heartbeat, dispatcher) are auxiliary however busy.</li>
 * <li>A main thread that takes part in the work (a parallel stream, {@code invokeAll} run by the caller) does at least
 * half of an average worker's work; it then counts with the workers in {@link #parallelThreads()}.</li>
 * <li>The imbalance (Eq. 1) is judged over {@link #steadyWorkers()}: the workers less a turned-over pool's threads
 * (each lived for part of the run, so their differences are not the work's) and less the main thread (whose work can
 * be the serial set-up around the parallel part). Siblings are steady workers.</li>
 * </ul>
 *
 * @param <T> the caller's per-thread reading
 */
public final class WorkShares<T> {

    /** How to read a thread's identity and work from the caller's type. */
    public interface ThreadView<T> {
        ThreadRole role(T thread);

        String name(T thread);

        double work(T thread);

        /** When the thread was alive; {@link Lifetime#UNKNOWN} where the source does not record it. */
        default Lifetime lifetime(T thread) {
            return Lifetime.UNKNOWN;
        }
    }

    /** A pool is taken to have turned over when at least this many of its threads each did less than a worker. */
    static final int MIN_POOL_THREADS = 3;
    /** The stem of the JVM's default thread names ("Thread-7"): not a pool for the sibling rule. */
    static final String DEFAULT_NAMES = "Thread-";

    private final ThreadView<T> view;
    private final double appWork;
    private final double mainWork;
    private final List<T> workers;
    private final List<T> auxiliaries;
    private final List<String> turnedOverPools;
    private final List<T> steadyWorkers;
    private final boolean mainTakesPart;
    private final T main;

    private WorkShares(ThreadView<T> view, double appWork, double mainWork, T main, List<T> workers,
            List<T> steadyWorkers, List<T> auxiliaries, List<String> turnedOverPools, boolean mainTakesPart) {
        this.view = view;
        this.steadyWorkers = List.copyOf(steadyWorkers);
        this.appWork = appWork;
        this.mainWork = mainWork;
        this.main = main;
        this.workers = List.copyOf(workers);
        this.auxiliaries = List.copyOf(auxiliaries);
        this.turnedOverPools = List.copyOf(turnedOverPools);
        this.mainTakesPart = mainTakesPart;
    }

    public static <T> WorkShares<T> of(List<T> threads, ThreadView<T> view, double workerSharePct) {
        double app = 0;
        double mainWork = 0;
        T main = null;
        List<T> others = new ArrayList<>();
        for (T t : threads) {
            ThreadRole role = view.role(t);
            double w = Math.max(0, view.work(t));
            if (!role.runsApplication()) {
                continue;
            }
            app += w;
            if (role == ThreadRole.MAIN) {
                mainWork += w;
                main = t;
            } else {
                others.add(t);
            }
        }
        double rest = app - mainWork;
        List<T> workers = new ArrayList<>();
        Map<String, List<T>> small = new LinkedHashMap<>();
        List<T> auxiliaries = new ArrayList<>();
        for (T t : others) {
            double w = Math.max(0, view.work(t));
            if (ThreadRoleRules.isFrameworkService(view.name(t))) {
                auxiliaries.add(t);
            } else if (rest > 0 && 100 * w / rest >= workerSharePct) {
                workers.add(t);
            } else if (w > 0) {
                small.computeIfAbsent(ThreadRoleRules.poolOf(view.name(t)), k -> new ArrayList<>()).add(t);
            }
        }
        List<T> steady = new ArrayList<>(workers);
        Set<String> workerPools = new HashSet<>();
        workers.forEach(w -> workerPools.add(ThreadRoleRules.poolOf(view.name(w))));
        List<String> pools = new ArrayList<>();
        small.forEach((pool, members) -> {
            double sum = members.stream().mapToDouble(m -> Math.max(0, view.work(m))).sum();
            boolean turnedOver = !pool.isEmpty() && members.size() >= MIN_POOL_THREADS && rest > 0
                    && 100 * sum / rest >= workerSharePct
                    && Lifetime.tookTurns(members.stream().map(view::lifetime).toList());
            if (turnedOver || pool.equals(ThreadRoleRules.SPARK_TASK_POOL)) {
                workers.addAll(members);
                pools.add(pool + "* (" + members.size() + " threads)");
            } else if (!pool.isEmpty() && !pool.equals(DEFAULT_NAMES) && workerPools.contains(pool)) {
                workers.addAll(members);
                steady.addAll(members);
            } else {
                auxiliaries.addAll(members);
            }
        });
        for (T t : others) {
            if (!(view.work(t) > 0) && !ThreadRoleRules.isFrameworkService(view.name(t))) {
                auxiliaries.add(t);
            }
        }
        double meanWorker = workers.isEmpty() ? 0
                : workers.stream().mapToDouble(w -> Math.max(0, view.work(w))).sum() / workers.size();
        boolean takesPart = main != null && !workers.isEmpty() && mainWork > 0 && mainWork >= meanWorker / 2;
        return new WorkShares<>(view, app, mainWork, main, workers, steady, auxiliaries, pools, takesPart);
    }

    public double appWork() {
        return appWork;
    }

    public double mainPct() {
        return pct(mainWork);
    }

    public List<T> workers() {
        return workers;
    }

    public List<T> auxiliaries() {
        return auxiliaries;
    }

    public double auxiliaryPct() {
        return pct(auxiliaries.stream().mapToDouble(t -> Math.max(0, view.work(t))).sum());
    }

    public double workersPct() {
        return pct(workers.stream().mapToDouble(t -> Math.max(0, view.work(t))).sum());
    }

    /** The workers whose imbalance is the work's: all but a turned-over pool's threads (see the class comment). */
    public List<T> steadyWorkers() {
        return steadyWorkers;
    }

    /**
     * Eq. 1 ({@link Imbalance}) of {@code quantity} (the work, or another count: cycles, object accesses) over the
     * {@link #steadyWorkers()}: the imbalance every consumer of the shares judges.
     */
    public double imbalancePct(ToDoubleFunction<? super T> quantity) {
        return Imbalance.pct(steadyWorkers.stream().mapToDouble(quantity).toArray());
    }

    /**
     * How far apart the steady workers began to be counted, as a share of the time they span, in percent
     * ({@link Lifetime#startSpreadPct}); NaN when unknown or fewer than two.
     */
    public double steadyStartSpreadPct() {
        return Lifetime.startSpreadPct(steadyWorkers.stream().map(view::lifetime).toList());
    }

    /** Pools whose turned-over threads were grouped into the workers ("pool-3-thread-* (40 threads)"). */
    public List<String> turnedOverPools() {
        return turnedOverPools;
    }

    /** True when the main thread did a worker's part of the work (see the class comment). */
    public boolean mainTakesPart() {
        return mainTakesPart;
    }

    /** The threads that ran the parallel work: the workers, and the main thread when it takes part. */
    public List<T> parallelThreads() {
        if (!mainTakesPart) {
            return workers;
        }
        List<T> all = new ArrayList<>(workers);
        all.add(main);
        return all;
    }

    private double pct(double part) {
        return appWork > 0 ? 100 * part / appWork : 0;
    }
}
