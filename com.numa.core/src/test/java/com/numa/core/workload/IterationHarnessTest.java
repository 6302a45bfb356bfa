package com.numa.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class IterationHarnessTest {

    @Test
    void everyIterationRunsWarmUpsFirstAndTheWorkloadIsClosed() throws InterruptedException {
        List<Long> values = new ArrayList<>();
        AtomicBoolean closed = new AtomicBoolean();
        IterationHarness.Result r = IterationHarness.run("scripted", new WorkloadArguments(1, WorkloadSize.SMALL, 2, 3),
                a -> new Workload() {
                    @Override
                    public long iteration() {
                        values.add(42L);
                        return 42L;
                    }

                    @Override
                    public void close() {
                        closed.set(true);
                    }
                });
        assertEquals(5, values.size(), "two warm-ups and three measured iterations");
        assertEquals(new IterationHarness.Result(42L, true), r);
        assertTrue(closed.get());
    }

    @Test
    void anIterationThatDisagreesWithTheFirstFailsTheRun() throws InterruptedException {
        long[] next = {7};
        IterationHarness.Result r = IterationHarness.run("scripted", new WorkloadArguments(1, WorkloadSize.SMALL, 0, 3),
                a -> () -> next[0]++);
        assertEquals(7L, r.checksum(), "the first iteration's value");
        assertFalse(r.passed());
    }
}
