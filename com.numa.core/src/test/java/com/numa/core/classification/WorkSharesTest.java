package com.numa.core.classification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadRoleRules;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who did the work: the one worker rule, turned-over pools, and a main thread that takes part. */
class WorkSharesTest {
    record T(String name, ThreadRole role, double work) {
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
    }

    @Test
    void aPoolThatTurnsOverIsGroupedIntoItsWorkers() {
        List<T> threads = new ArrayList<>(List.of(new T("main", ThreadRole.MAIN, 10)));
        for (int i = 1; i <= 50; i++) {
            threads.add(new T("pool-2-thread-" + i, ThreadRole.APPLICATION, 20)); // each 2% of the non-main work
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
