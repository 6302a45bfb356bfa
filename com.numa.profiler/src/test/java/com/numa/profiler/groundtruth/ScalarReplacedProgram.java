package com.numa.profiler.groundtruth;

import java.lang.management.ManagementFactory;
import java.util.AbstractMap;
import java.util.Map;

/**
 * Makes a {@link Box} per step and uses it only there, so C2 can keep every box out of the heap (scalar replacement)
 * unless a hook lets it escape; then the same with an entry of a JDK class, which has no header word. Prints the bytes
 * the main thread allocated per step of each loop over the measured rounds, after warm-up rounds that get the loops
 * compiled, and the checksum.
 */
public final class ScalarReplacedProgram {
    public static final int STEPS = 1_000_000;
    public static final int WARMUP = 20;
    public static final int MEASURED = 10;

    private ScalarReplacedProgram() {
    }

    static long loop(Object shared) {
        long sum = 0;
        for (int i = 0; i < STEPS; i++) {
            Box b = new Box();
            b.ref = shared;
            b.value = i;
            sum += b.value + (b.ref == shared ? 1 : 0);
        }
        return sum;
    }

    /** As {@link #loop}, with an object of a class the agent does not instrument: its site needs no owner. */
    static long jdkLoop(Object shared) {
        long sum = 0;
        for (int i = 0; i < STEPS; i++) {
            Map.Entry<Object, Object> e = new AbstractMap.SimpleImmutableEntry<>(shared, shared);
            sum += i + (e.getKey() == shared ? 1 : 0);
        }
        return sum;
    }

    public static void main(String[] args) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        Object shared = new Object();
        long sum = 0;
        for (int r = 0; r < WARMUP; r++) {
            sum += loop(shared) + jdkLoop(shared);
        }
        long before = threads.getThreadAllocatedBytes(id);
        for (int r = 0; r < MEASURED; r++) {
            sum += loop(shared);
        }
        long between = threads.getThreadAllocatedBytes(id);
        for (int r = 0; r < MEASURED; r++) {
            sum += jdkLoop(shared);
        }
        long after = threads.getThreadAllocatedBytes(id);
        System.out.printf("bytes_per_step=%.3f%n", (between - before) / (double) (MEASURED * STEPS));
        System.out.printf("jdk_bytes_per_step=%.3f%n", (after - between) / (double) (MEASURED * STEPS));
        System.out.println("checksum=" + sum);
    }
}
