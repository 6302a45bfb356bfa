package com.numa.characterize.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WorkerCrewTest {

    @Test
    void eachWorkerRunsTheRoundOnItsOwnNamedThread() throws InterruptedException {
        String[] names = new String[3];
        try (WorkerCrew crew = new WorkerCrew("crew-test", 3)) {
            long[] results = crew.round(k -> {
                names[k] = Thread.currentThread().getName();
                return 10L * k;
            });
            assertArrayEquals(new long[] {0, 10, 20}, results);
            assertEquals(30, crew.sum(k -> 10L * k));
        }
        assertArrayEquals(new String[] {"crew-test-worker-0", "crew-test-worker-1", "crew-test-worker-2"}, names);
    }

    @Test
    void aWorkersFailureReachesMainAndTheCrewStillCloses() throws InterruptedException {
        try (WorkerCrew crew = new WorkerCrew("crew-fail", 2)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> crew.round(k -> {
                if (k == 1) {
                    throw new ArithmeticException("boom");
                }
                return 0;
            }));
            assertTrue(e.getCause() instanceof ArithmeticException, e.toString());
        }
    }
}
