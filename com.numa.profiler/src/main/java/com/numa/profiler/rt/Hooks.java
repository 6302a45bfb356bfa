package com.numa.profiler.rt;

/**
 * The static methods instrumented bytecode calls. Kept tiny and free of dependencies because it is appended to the
 * bootstrap class path (so JDK classes and every class loader can see it); all work happens in the installed sink.
 * Null receivers are ignored: the instruction that follows throws the NullPointerException the program expects.
 *
 * <p>Sampling is decided here, before the sink is called, so that an access which is not sampled costs a few
 * instructions the JIT inlines into the hooked method: a countdown per thread slot (thread id modulo
 * {@link #SLOTS}, padded to its own cache line), decremented without synchronisation. Two live threads whose ids
 * collide share a countdown, which keeps the one-in-N rate over both of them.
 */
public final class Hooks {
    /** Thread slots of the sampling countdown; a power of two. */
    public static final int SLOTS = 1024;
    /** Ints per slot: 16 ints = one 64-byte cache line, so threads do not falsely share their countdowns. */
    private static final int SLOT_STRIDE = 16;
    private static final int[] COUNTDOWN = new int[SLOTS * SLOT_STRIDE];

    private static volatile AccessSink sink;
    /** Access hooks count only while profiling is on; allocations are always tagged so owners stay known. */
    private static volatile boolean active;
    /** Count one access in this many (1 = every access). */
    private static volatile int sampling = 1;

    private Hooks() {
    }

    public static void install(AccessSink s) {
        sink = s;
    }

    public static void setActive(boolean on) {
        active = on;
    }

    public static boolean isActive() {
        return active;
    }

    /** One access in {@code n} reaches the sink (n ≥ 1); the sink weighs each one by n. */
    public static void setSampling(int n) {
        sampling = Math.max(1, n);
        java.util.Arrays.fill(COUNTDOWN, 0);
    }

    public static int sampling() {
        return sampling;
    }

    /** True when this access is one to count: always without sampling, else when the thread's countdown expires. */
    private static boolean sampled() {
        int n = sampling;
        if (n == 1) {
            return true;
        }
        int i = ((int) Thread.currentThread().getId() & (SLOTS - 1)) * SLOT_STRIDE;
        int left = COUNTDOWN[i] - 1;
        if (left > 0) {
            COUNTDOWN[i] = left;
            return false;
        }
        COUNTDOWN[i] = n;
        return true;
    }

    public static void read(Object o) {
        if (active && o != null && sampled()) {
            sink.read(o);
        }
    }

    public static void write(Object o) {
        if (active && o != null && sampled()) {
            sink.write(o);
        }
    }

    /** A load from {@code array[index]}; the index may be out of bounds (the load itself throws then). */
    public static void readArray(Object array, int index) {
        if (active && array != null && sampled()) {
            sink.readArray(array, index);
        }
    }

    /** A store into {@code array[index]}; the index may be out of bounds (the store itself throws then). */
    public static void writeArray(Object array, int index) {
        if (active && array != null && sampled()) {
            sink.writeArray(array, index);
        }
    }

    public static void readStatic(int classId) {
        if (active && sampled()) {
            sink.readStatic(classId);
        }
    }

    public static void writeStatic(int classId) {
        if (active && sampled()) {
            sink.writeStatic(classId);
        }
    }

    public static void allocated(Object o, int siteId) {
        AccessSink s = sink;
        if (s != null && o != null) {
            s.allocated(o, siteId);
        }
    }

    public static void explicitGc() {
        AccessSink s = sink;
        if (s != null) {
            s.explicitGc();
        }
    }

    public static void controlPoint(int id) {
        AccessSink s = sink;
        if (s != null) {
            s.controlPoint(id);
        }
    }
}
