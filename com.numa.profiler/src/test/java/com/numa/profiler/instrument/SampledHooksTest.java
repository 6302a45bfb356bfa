package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.ActiveHooks;
import com.numa.profiler.IgnoringSink;
import com.numa.profiler.rt.Hooks;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The sampled hooks as instrumented code calls them: one access in each block of N consecutive accesses of a thread
 * reaches the sink, at a random place in its block, so a loop whose accesses repeat with a period that divides N is
 * not always sampled at the same access (a fixed period sampled only the reads of a read-read-read-write loop).
 */
@ExtendWith(ActiveHooks.class)
class SampledHooksTest {
    private static final Object FORK = new Object();

    /** Records, for each read that reaches it, the test's access counter at that moment. */
    private static final class ReadClock extends IgnoringSink {
        private final int[] clock;
        private final List<Integer> sampledAt;

        ReadClock(int[] clock, List<Integer> sampledAt) {
            this.clock = clock;
            this.sampledAt = sampledAt;
        }

        @Override
        public void read(Object o) {
            sampledAt.add(clock[0]);
        }
    }

    /** A round of three reads and a write, the way a sampled method's local copy of the countdown runs. */
    private static void readReadReadWriteWithALocalCountdown(int rounds) {
        int countdown = Hooks.countdown();
        for (int r = 0; r < rounds; r++) {
            countdown = Hooks.readSampled(FORK, countdown);
            countdown = Hooks.readSampled(FORK, countdown);
            countdown = Hooks.readSampled(FORK, countdown);
            countdown = Hooks.writeSampled(FORK, countdown);
        }
        Hooks.storeCountdown(countdown);
    }

    @Test
    void aLoopWhosePeriodDividesNHasItsWritesSampledToo() {
        TransformerTest.CountingSink sink = new TransformerTest.CountingSink();
        Hooks.install(sink);
        Hooks.setSampling(4);
        readReadReadWriteWithALocalCountdown(4000);
        assertEquals(4000, sink.reads.get() + sink.writes.get(), "one access in each block of 4, 16000 accesses");
        // one access in four is a write: 1000 expected, standard deviation ~27
        assertTrue(sink.writes.get() > 800 && sink.writes.get() < 1200, "writes sampled: " + sink.writes.get());
    }

    @Test
    void theInSlotFamilyDrawsItsPlacesToo() {
        TransformerTest.CountingSink sink = new TransformerTest.CountingSink();
        Hooks.install(sink);
        Hooks.setSampling(2);
        for (int r = 0; r < 2000; r++) {
            Hooks.readInSlot(FORK);
            Hooks.writeInSlot(FORK);
        }
        assertEquals(2000, sink.reads.get() + sink.writes.get());
        assertTrue(sink.writes.get() > 850 && sink.writes.get() < 1150, "writes sampled: " + sink.writes.get());
    }

    @Test
    void primitiveArraysMadeAreCountedOneInEachBlockWeighingN() {
        TransformerTest.CountingSink sink = new TransformerTest.CountingSink();
        Hooks.install(sink);
        Hooks.setSampling(7);
        for (int r = 0; r < 1000; r++) {
            Hooks.primitiveArrayMadeSampled(3, Hooks.siteAndScale(42, 8));
            Hooks.readInSlot(FORK); // the accesses' countdown is another one: it does not take the arrays' steps
        }
        // 1000 arrays: 142 or 143 whole or partial blocks of 7, each sampled once and weighing 7
        assertTrue(sink.primitiveArrays.get() == 142 * 7 || sink.primitiveArrays.get() == 143 * 7,
                "arrays: " + sink.primitiveArrays.get());
        assertEquals(sink.primitiveArrays.get() * 3 * 8, sink.primitiveArrayBytes.get());
        assertTrue(sink.reads.get() == 142 || sink.reads.get() == 143, "reads: " + sink.reads.get());
    }

    @Test
    void everyBlockOfNHasExactlyOneSampleAtPlacesThatVary() {
        int n = 7;
        int blocks = 300;
        int[] clock = {0};
        List<Integer> sampledAt = new ArrayList<>();
        Hooks.install(new ReadClock(clock, sampledAt));
        Hooks.setSampling(n);
        for (clock[0] = 0; clock[0] < n * blocks; clock[0]++) {
            // both families step the same countdown: a method with a local copy, then one without
            if (clock[0] % 3 == 0) {
                Hooks.readInSlot(FORK);
            } else {
                Hooks.storeCountdown(Hooks.readSampled(FORK, Hooks.countdown()));
            }
        }
        assertEquals(blocks, sampledAt.size());
        TreeSet<Integer> places = new TreeSet<>();
        for (int b = 0; b < blocks; b++) {
            int at = sampledAt.get(b);
            assertEquals(b, at / n, "sample " + b + " at access " + at + " lies in its own block");
            places.add(at % n);
        }
        assertEquals(n, places.size(), "over 300 blocks every place of 7 was drawn: " + places);
    }

    /**
     * Thread after thread, each making fewer steps than N: the first block's sampled step is drawn like the others, so
     * the scaled count (N per sampled step) estimates the real total. With the first step always sampled, 2,000 threads
     * of 10 steps at 1/64 counted 128,000 for 20,000.
     */
    @Test
    void shortCountdownsSeededOneAfterAnotherEstimateTheirTotal() {
        int n = 64;
        int threads = 2_000;
        int steps = 10;
        long sampled = 0;
        TreeSet<Integer> firstPlaces = new TreeSet<>();
        for (int key = 1; key <= threads; key++) {
            int[] state = new int[Hooks.SAMPLER_INTS];
            Hooks.seed(state, 0, n, key);
            for (int step = 0; step < n; step++) {
                if (Hooks.sampledStep(state, 0, n)) {
                    firstPlaces.add(step);
                    if (step < steps) {
                        sampled++;
                    }
                    break;
                }
            }
        }
        long estimate = sampled * n;
        long real = (long) threads * steps;
        // sampled is binomial(2000, 10/64): mean 312.5, sd 16.2; +-25 % is more than 4.8 sd either side
        assertTrue(Math.abs(estimate - real) < real / 4, "estimate " + estimate + " for " + real);
        assertTrue(firstPlaces.size() > n / 2, "the first block's sample falls anywhere in it: " + firstPlaces);
    }

    /** A countdown kept outside the threads' slots (one thread's allocation counts) follows the same rule. */
    @Test
    void aCountdownKeptElsewhereSamplesOneStepPerBlockToo() {
        int n = 5;
        int blocks = 200;
        int[] state = new int[Hooks.SAMPLER_INTS + 2];
        Hooks.seed(state, 2, n, 42); // anywhere in an array: at offset 2
        TreeSet<Integer> places = new TreeSet<>();
        int sampled = 0;
        for (int step = 0; step < n * blocks; step++) {
            if (Hooks.sampledStep(state, 2, n)) {
                assertEquals(sampled, step / n, "sample " + sampled + " at step " + step + " lies in its own block");
                sampled++;
                places.add(step % n);
            }
        }
        assertEquals(blocks, sampled);
        assertEquals(0, state[0] | state[1], "nothing outside the countdown's ints is touched");
        assertEquals(n, places.size(), "every place of 5 was drawn: " + places);
        int[] every = new int[Hooks.SAMPLER_INTS];
        Hooks.seed(every, 0, 1, 0);
        for (int step = 0; step < 10; step++) {
            assertTrue(Hooks.sampledStep(every, 0, 1), "N = 1 samples every step");
        }
    }
}
