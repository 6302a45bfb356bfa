package com.numa.core.classification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadRoleRules;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who did the work: the one worker rule, turned-over pools, a worker's siblings, and a main thread that takes part. */
class WorkSharesTest {
    record T(String name, ThreadRole role, double work, Lifetime life) {
        T(String name, ThreadRole role, double work) {
            this(name, role, work, Lifetime.UNKNOWN);
        }
    }

    /** Alive from {@code startMs} to {@code endMs} (ms of one clock), ended then; {@code endMs} < 0: alive at the end. */
    static Lifetime life(long startMs, long endMs) {
        return endMs < 0 ? new Lifetime(startMs * 1_000_000, 10_000 * 1_000_000L, false)
                : new Lifetime(startMs * 1_000_000, endMs * 1_000_000, true);
    }

    static final WorkShares.ThreadView<T> VIEW = new WorkShares.ThreadView<>() {
        @Override
        public ThreadRole role(T t) {
            return t.role();
        }

        @Override
        public String name(T t) {
            return t.name();
        }

        @Override
        public double work(T t) {
            return t.work();
        }

        @Override
        public Lifetime lifetime(T t) {
            return t.life();
        }
    };

    @Test
    void workersDoTheWorkerShareOfTheNonMainWorkAndJvmThreadsDoNotCount() {
        WorkShares<T> s = WorkShares.of(List.of(new T("main", ThreadRole.MAIN, 100), new T("a", ThreadRole.APPLICATION, 300),
                new T("b", ThreadRole.APPLICATION, 500), new T("timer", ThreadRole.APPLICATION, 30),
                new T("C2 CompilerThread0", ThreadRole.JVM_INTERNAL, 100_000)), VIEW, 4);
        assertEquals(930, s.appWork(), 1e-9);
        assertEquals(List.of("a", "b"), s.workers().stream().map(T::name).toList(), "30 of 830 is 3.6%: auxiliary");
        assertEquals(List.of("timer"), s.auxiliaries().stream().map(T::name).toList());
        assertFalse(s.mainTakesPart(), "main 100 is under half of an average worker's 400");
        assertEquals(2, s.parallelThreads().size());
        assertEquals(Imbalance.pct(300, 500), s.imbalancePct(T::work), 1e-9, "Eq. 1 over the steady workers only");
    }

    @Test
    void aPoolThatTurnsOverIsGroupedIntoItsWorkers() {
        List<T> threads = new ArrayList<>(List.of(new T("main", ThreadRole.MAIN, 10)));
        for (int i = 1; i <= 50; i++) {
            // two at a time, each batch 10 ms after the last: 25 generations of the pool's 2 places
            long start = 10L * ((i - 1) / 2);
            threads.add(new T("pool-2-thread-" + i, ThreadRole.APPLICATION, 20, life(start, start + 8))); // each 2%
        }
        threads.add(new T("Signal Dispatcher", ThreadRole.APPLICATION, 1));
        WorkShares<T> s = WorkShares.of(threads, VIEW, 4);
        assertEquals(50, s.workers().size());
        assertEquals(List.of("pool-2-thread-* (50 threads)"), s.turnedOverPools());
        assertTrue(s.steadyWorkers().isEmpty(), "threads that each lived part of the run have no imbalance to judge");
        assertEquals(List.of("Signal Dispatcher"), s.auxiliaries().stream().map(T::name).toList());
        assertEquals("", ThreadRoleRules.poolOf("main"));
        assertEquals("ForkJoinPool.commonPool-worker-", ThreadRoleRules.poolOf("ForkJoinPool.commonPool-worker-3"));
    }

    /** Eight threads heavy-pool-0..7 (the shape): heavy-pool-0 does 90%, the seven others 10/7% each. */
    private static List<T> heavyCrew(java.util.function.IntFunction<Lifetime> lives) {
        List<T> threads = new ArrayList<>(List.of(new T("main", ThreadRole.MAIN, 2)));
        threads.add(new T("heavy-pool-0", ThreadRole.APPLICATION, 900, lives.apply(0)));
        for (int i = 1; i < 8; i++) {
            threads.add(new T("heavy-pool-" + i, ThreadRole.APPLICATION, 100.0 / 7, lives.apply(i)));
        }
        return threads;
    }

    @Test
    void threadsAliveTogetherAreNeverAPoolThatTurnedOver() {
        // started together; the light ones end after 30-40 ms, the heavy one runs 1.5 s
        WorkShares<T> s = WorkShares.of(heavyCrew(i -> i == 0 ? life(100, 1600) : life(100 + i, 130 + i)), VIEW, 4);
        assertTrue(s.turnedOverPools().isEmpty(), "seven threads alive at once did not take turns");
        assertEquals(8, s.workers().size(), "the seven light threads are heavy-pool-0's siblings: workers");
        assertEquals(8, s.steadyWorkers().size(), "and their imbalance is the work's");
        double imbalance = Imbalance.pct(s.steadyWorkers().stream().mapToDouble(T::work).toArray());
        assertTrue(imbalance > 200, "90% on one of eight: " + imbalance);
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, Classification.parallelism(s.mainPct(),
                s.workers().size(), s.parallelThreads().size(), imbalance, "C", 2, Thresholds.DEFAULTS).category());
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, Classification.parallelism(s.mainPct(),
                s.workers().size(), s.parallelThreads().size(), imbalance, "C", 64, Thresholds.DEFAULTS).category(),
                "on any machine");
    }

    @Test
    void theSameCrewTakingTurnsTurnedOver() {
        // the seven light threads one after another (10 ms each, 5 ms apart): one place held by seven threads in turn
        WorkShares<T> s = WorkShares.of(heavyCrew(i -> i == 0 ? life(100, 1600) : life(100 + 15L * i, 110 + 15L * i)),
                VIEW, 4);
        assertEquals(List.of("heavy-pool-* (7 threads)"), s.turnedOverPools());
        assertEquals(List.of("heavy-pool-0"), s.steadyWorkers().stream().map(T::name).toList());
        // four threads of which two lived at once at most: half of them, still taking turns
        assertTrue(Lifetime.tookTurns(List.of(life(0, 10), life(5, 15), life(20, 30), life(25, 35))));
        assertFalse(Lifetime.tookTurns(List.of(life(0, 10), life(5, 15), life(8, 30), life(25, 35))), "three of four");
        assertEquals(1, Lifetime.mostAliveAtOnce(List.of(life(0, 10), life(10, 20))), "one ends as the next starts");
        assertEquals(2, Lifetime.mostAliveAtOnce(List.of(life(0, 10), life(5, -1))));
    }

    @Test
    void threadsWhoseLivesAreUnknownAreNeverGroupedAsATurnedOverPool() {
        // without lives (a source that does not record them), the crew reads as threads that may have lived together
        WorkShares<T> s = WorkShares.of(heavyCrew(i -> Lifetime.UNKNOWN), VIEW, 4);
        assertTrue(s.turnedOverPools().isEmpty());
        assertEquals(8, s.steadyWorkers().size(), "siblings of a worker, as when alive together");
        List<T> pool = new ArrayList<>(List.of(new T("main", ThreadRole.MAIN, 10)));
        for (int i = 1; i <= 50; i++) {
            pool.add(new T("pool-2-thread-" + i, ThreadRole.APPLICATION, 20)); // each 2%, no worker among them
        }
        WorkShares<T> unknown = WorkShares.of(pool, VIEW, 4);
        assertTrue(unknown.turnedOverPools().isEmpty());
        assertTrue(unknown.workers().isEmpty(), "no worker and no evidence of turns: auxiliary, not one big worker");
    }

    @Test
    void theJvmsDefaultNamesNameNoPool() {
        // readers Thread-0 and Thread-1, and a writer that sleeps between updates: Thread-2 by the JVM's default name
        WorkShares<T> s = WorkShares.of(List.of(new T("main", ThreadRole.MAIN, 5),
                new T("Thread-0", ThreadRole.APPLICATION, 500, life(10, 900)),
                new T("Thread-1", ThreadRole.APPLICATION, 500, life(11, 900)),
                new T("Thread-2", ThreadRole.APPLICATION, 3, life(12, 900))), VIEW, 4);
        assertEquals(List.of("Thread-0", "Thread-1"), s.workers().stream().map(T::name).toList());
        assertEquals(List.of("Thread-2"), s.auxiliaries().stream().map(T::name).toList(), "not the readers' sibling");
    }

    @Test
    void theSteadyWorkersStartSpreadIsAShareOfTheirSpan() {
        WorkShares<T> s = WorkShares.of(List.of(new T("main", ThreadRole.MAIN, 5),
                new T("w-0", ThreadRole.APPLICATION, 50, life(100, 400)),
                new T("w-1", ThreadRole.APPLICATION, 50, life(150, 500)),
                new T("w-2", ThreadRole.APPLICATION, 50, life(200, -1))), VIEW, 4);
        assertEquals(100.0 * 100 / (10_000 - 100), s.steadyStartSpreadPct(), 1e-9, "to w-2's latest reading");
        assertEquals(25, Lifetime.startSpreadPct(List.of(life(0, 400), life(100, 300))), 1e-9);
        assertTrue(Double.isNaN(Lifetime.startSpreadPct(List.of(life(0, 400)))), "one thread has no spread");
        assertTrue(Double.isNaN(Lifetime.startSpreadPct(List.of(life(0, 400), Lifetime.UNKNOWN))));
    }

    @Test
    void sparkTaskThreadsAreWorkersAndItsServiceThreadsAuxiliaryWhateverTheirShares() {
        List<T> threads = new ArrayList<>(List.of(new T("main", ThreadRole.MAIN, 50)));
        // the pool turned over once: two task threads, then two more, each a small share under its last task's name
        for (int tid = 0; tid < 4; tid++) {
            threads.add(new T("Executor task launch worker for task " + tid + ".0 in stage 3.0 (TID " + (10 + tid) + ")",
                    ThreadRole.APPLICATION, 10));
        }
        threads.add(new T("Executor task launch worker-7", ThreadRole.APPLICATION, 5));
        threads.add(new T("Executor task launch worker-8", ThreadRole.APPLICATION, 0));
        threads.add(new T("dispatcher-event-loop-1", ThreadRole.APPLICATION, 400)); // busier than every task thread
        threads.add(new T("rpc-server-4-1", ThreadRole.APPLICATION, 20));
        threads.add(new T("pool-2-thread-1", ThreadRole.APPLICATION, 1));
        WorkShares<T> s = WorkShares.of(threads, VIEW, 4);
        assertEquals(5, s.workers().size(), () -> "workers: " + s.workers());
        assertTrue(s.workers().stream().allMatch(t -> ThreadRoleRules.isFrameworkTask(t.name())));
        assertEquals(List.of("Executor task launch worker* (5 threads)"), s.turnedOverPools());
        assertEquals(List.of("dispatcher-event-loop-1", "rpc-server-4-1", "pool-2-thread-1", "Executor task launch worker-8"),
                s.auxiliaries().stream().map(T::name).toList());
        assertEquals(100.0 * 45 / 516, s.workersPct(), 1e-9);
    }

    @Test
    void aMainThreadThatTakesPartCountsWithTheWorkers() {
        // a parallel stream on 2 CPUs: main and the common pool's one worker share the work
        WorkShares<T> s = WorkShares.of(List.of(new T("main", ThreadRole.MAIN, 480),
                new T("ForkJoinPool.commonPool-worker-1", ThreadRole.APPLICATION, 520)), VIEW, 4);
        assertTrue(s.mainTakesPart());
        assertEquals(2, s.parallelThreads().size());
        assertEquals(1, s.steadyWorkers().size(), "main's work can be serial set-up: not in the imbalance");
        assertEquals(48, s.mainPct(), 1e-9);
        WorkShares<T> serial = WorkShares.of(List.of(new T("main", ThreadRole.MAIN, 480)), VIEW, 4);
        assertFalse(serial.mainTakesPart(), "no worker: nothing to take part in");
        assertTrue(serial.parallelThreads().isEmpty());
    }

    @Test
    void eqOneIsStdevOverMean() {
        assertEquals(0, Imbalance.pct(3, 3, 3), 1e-9);
        assertEquals(100.0 / 3, Imbalance.pct(1, 2), 1e-9, "stdev 0.5, mean 1.5");
        assertEquals(0, Imbalance.pct(5), 1e-9, "one value is balanced");
        double[] skewed = new double[8];
        java.util.Arrays.fill(skewed, 20.0 / 7);
        skewed[0] = 80;
        assertTrue(Imbalance.pct(skewed) > 200);
    }
}
