package com.numa.profiler.rt;

/**
 * The static methods instrumented bytecode calls. Kept tiny and free of dependencies because it is appended to the
 * bootstrap class path (so JDK classes and every class loader can see it); all work happens in the installed sink.
 * Null receivers are ignored: the instruction that follows throws the NullPointerException the program expects.
 *
 * <p>Two families: without sampling, {@code read(o)} and friends pass every access on while profiling is active. With
 * sampling, {@code readSampled(o, countdown)} and friends take the calling method's copy of the thread's countdown
 * (see com.numa.profiler.instrument.SamplingCountdownLocal) and return what is left of it, touching no memory; only the access
 * that finds it expired reads the volatile state and reaches the sink, so the JIT keeps the countdown in a register
 * between accesses. The method hands its copy back to the thread's slot before each call and before it returns or
 * throws, and reloads it after each call. A slot is picked by thread id modulo {@link #SLOTS}, padded to its own cache
 * line; two live threads whose ids collide share one, which keeps the one-in-N rate over both.
 *
 * <p>Which access of each run of N is sampled is drawn at random (stratified sampling: exactly one per block of N
 * consecutive accesses of a thread, at a random place in it). A fixed period of N aliased with loops whose body makes a
 * number of accesses that divides N: the countdown then landed on the same access of every round, so a thread's
 * writes could be all sampled or never (dining-philosophers' second philosopher showed 0 writes at 1/16).
 */
public final class Hooks {
    /** Thread slots of the sampling countdown; a power of two. */
    public static final int SLOTS = 1024;
    /**
     * Ints per slot: 32 ints = 128 bytes, so threads do not falsely share their countdowns (x86 prefetches cache lines
     * in 128-byte pairs, so neighbouring 64-byte slots still ping-pong between cores).
     */
    private static final int SLOT_STRIDE = 32;
    /** Int in a slot after the countdown: accesses of the current block left after its sampled one. */
    private static final int BLOCK_TAIL = 1;
    /** Int in a slot: the thread's xorshift state that picks the sampled access of each block (never 0). */
    private static final int RANDOM = 2;
    /** Ints of a countdown kept elsewhere (see {@link #seed}): the countdown, its block tail, its random state. */
    public static final int SAMPLER_INTS = 3;
    /** Int in a slot where the countdown of primitive arrays made starts (its tail and random state follow it). */
    private static final int ARRAYS_MADE = SAMPLER_INTS;
    /** Int in a slot where the countdown of objects made by WordHooks starts (its tail and random state follow it). */
    static final int OBJECTS_MADE = ARRAYS_MADE + SAMPLER_INTS;
    /** Int in a slot: the countdown a sampled WordHooks access restarted, for the method's local to take. */
    static final int RESTARTED = OBJECTS_MADE + SAMPLER_INTS;
    static final int[] COUNTDOWN = new int[SLOTS * SLOT_STRIDE];

    static volatile AccessSink sink;
    /** Access hooks count only while profiling is on; allocations are always tagged so owners stay known. */
    static volatile boolean active;
    /** Count one access in this many (1 = every access). */
    static volatile int sampling = 1;

    static {
        setSampling(1); // seeds every slot's random state
    }

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

    /** One access in {@code n} reaches the sink through the Sampled hooks (n ≥ 1); the sink weighs each one by n. */
    public static void setSampling(int n) {
        int each = Math.max(1, n);
        for (int s = 0; s < COUNTDOWN.length; s += SLOT_STRIDE) {
            seed(COUNTDOWN, s, each, s); // a different sequence per slot
            seed(COUNTDOWN, s + ARRAYS_MADE, each, s + 1);
            seed(COUNTDOWN, s + OBJECTS_MADE, each, s + 2);
        }
        sampling = each;
    }

    /**
     * Starts the countdown kept at {@code state[at]} (its block tail and random state in the two ints after it, as in a
     * thread's slot): the first block's sampled step is drawn like every later block's, so a run of L < N steps is
     * counted (as N) with probability L/N, not always; {@code salt} picks the random sequence.
     */
    public static void seed(int[] state, int at, int n, int salt) {
        int x = (salt + 1) * 0x9E3779B9; // spread neighbouring salts (thread keys) over the high bits that pick places
        x ^= x >>> 15;
        state[at + RANDOM] = x == 0 ? 1 : x;
        state[at + BLOCK_TAIL] = 0;
        state[at] = restart(state, at, n);
    }

    /**
     * One step of a countdown kept elsewhere than in the threads' slots, laid out as {@link #seed} made it (one
     * thread's allocation counts): true for the step sampled in each block of {@code n} consecutive steps.
     */
    public static boolean sampledStep(int[] state, int at, int n) {
        int c = state[at];
        if (c > 1) {
            state[at] = c - 1;
            return false;
        }
        state[at] = restart(state, at, n);
        return true;
    }

    @OutOfLine
    public static void read(Object o) {
        if (active && o != null) {
            sink.read(o);
        }
    }

    @OutOfLine
    public static void write(Object o) {
        if (active && o != null) {
            sink.write(o);
        }
    }

    /** A load from {@code array[index]}; the index may be out of bounds (the load itself throws then). */
    @OutOfLine
    public static void readArray(Object array, int index) {
        if (active && array != null) {
            sink.readArray(array, index);
        }
    }

    /** A store into {@code array[index]}; the index may be out of bounds (the store itself throws then). */
    @OutOfLine
    public static void writeArray(Object array, int index) {
        if (active && array != null) {
            sink.writeArray(array, index);
        }
    }

    /** Diagnosis only (-XX:+NUMAProfilerDiagnose): a field read with the field's id. */
    @OutOfLine
    public static void readField(Object o, int fieldId) {
        if (active && o != null) {
            sink.readField(o, fieldId);
        }
    }

    /** Diagnosis only: a field write with the field's id. */
    @OutOfLine
    public static void writeField(Object o, int fieldId) {
        if (active && o != null) {
            sink.writeField(o, fieldId);
        }
    }

    /**
     * Diagnosis only: {@code a.compareAndSet(expect, update)} of an AtomicLong, whose receiver lies below four stack
     * slots where no instruction can copy it: the call is replaced by this one, which reports the write first.
     */
    public static boolean atomicLongCompareAndSet(java.util.concurrent.atomic.AtomicLong a, long expect, long update,
            int fieldId) {
        writeField(a, fieldId);
        return a.compareAndSet(expect, update);
    }

    @OutOfLine
    public static void readStatic(int classId) {
        if (active) {
            sink.readStatic(classId);
        }
    }

    @OutOfLine
    public static void writeStatic(int classId) {
        if (active) {
            sink.writeStatic(classId);
        }
    }

    /** Not Thread.getId: an override may be instrumented, and would call back here for its own countdown. */
    static int slot() {
        return slotOf(RawAccess.threadId(Thread.currentThread()));
    }

    /** The slot of the thread with id {@code tid}. */
    static int slotOf(long tid) {
        return ((int) tid & (SLOTS - 1)) * SLOT_STRIDE;
    }

    /** The calling thread's countdown: a sampled method loads it at entry and after each call. */
    public static int countdown() {
        return COUNTDOWN[slot()];
    }

    /** Hands a sampled method's countdown back to its thread: before each call and before it returns or throws. */
    public static void storeCountdown(int countdown) {
        COUNTDOWN[slot()] = countdown;
    }

    /** After a sampled access: the countdown starts again (the method stores it back before its next call). */
    private static int restart() {
        return restart(slot());
    }

    /**
     * The countdown to the next sampled access: the rest of the current block, then a random place in the next one
     * (1..N), so each block of N accesses has exactly one sample. Only an expired countdown gets here.
     */
    static int restart(int s) {
        return restart(COUNTDOWN, s, sampling);
    }

    private static int restart(int[] state, int at, int n) {
        if (n == 1) {
            return 1;
        }
        int x = state[at + RANDOM];
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        state[at + RANDOM] = x;
        int place = 1 + (int) (((x & 0xFFFF_FFFFL) * n) >>> 32);
        int tail = state[at + BLOCK_TAIL];
        state[at + BLOCK_TAIL] = n - place;
        return tail + place;
    }

    /*
     * Each hook below keeps its not-sampled path inline (a compare and a decrement) and its sampled path in one method
     * marked OutOfLine that both passes the access on and restarts the countdown: one call site per hooked access in
     * the compiled code. With the restart beside a separate call to the sink, each access held two call sites (the
     * restart too large to inline on a cold path), and register allocation around calls leads C2's time on
     * instrumented code (PhaseChaitin in perf).
     */

    /** Kinds of access, for the sampled paths: constants the JIT folds into each hook's one call. */
    static final int READ = 0;
    static final int WRITE = 1;
    private static final int READ_ARRAY = 2;
    private static final int WRITE_ARRAY = 3;
    private static final int READ_FIELD = 4;
    private static final int WRITE_FIELD = 5;
    private static final int READ_STATIC = 6;
    private static final int WRITE_STATIC = 7;

    public static int readSampled(Object o, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(READ, o, 0);
    }

    public static int writeSampled(Object o, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(WRITE, o, 0);
    }

    public static int readArraySampled(Object array, int index, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(READ_ARRAY, array, index);
    }

    public static int writeArraySampled(Object array, int index, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(WRITE_ARRAY, array, index);
    }

    public static int readFieldSampled(Object o, int fieldId, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(READ_FIELD, o, fieldId);
    }

    public static int writeFieldSampled(Object o, int fieldId, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(WRITE_FIELD, o, fieldId);
    }

    public static int readStaticSampled(int classId, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(READ_STATIC, null, classId);
    }

    public static int writeStaticSampled(int classId, int countdown) {
        return countdown > 1 ? countdown - 1 : sampled(WRITE_STATIC, null, classId);
    }

    /** The sampled access of a block, from a method holding the countdown: passed on, and the countdown restarted. */
    @OutOfLine
    private static int sampled(int kind, Object o, int arg) {
        passOn(kind, o, arg);
        return restart();
    }

    /** {@code arg}: the index of an array access, the field id of a diagnosed one, the class id of a static one. */
    static void passOn(int kind, Object o, int arg) {
        switch (kind) {
            case READ -> read(o);
            case WRITE -> write(o);
            case READ_ARRAY -> readArray(o, arg);
            case WRITE_ARRAY -> writeArray(o, arg);
            case READ_FIELD -> readField(o, arg);
            case WRITE_FIELD -> writeField(o, arg);
            case READ_STATIC -> readStatic(arg);
            default -> writeStatic(arg);
        }
    }

    /*
     * The InSlot family: for a method without a loop and with few accesses per call it makes, the countdown is not
     * copied into a local (which costs a handover before and a reload after every call the method makes); each access
     * takes one step of the thread's slot itself. Both families count down the same slot, so methods of either kind
     * call each other without changing the one-in-N rate.
     */

    public static void readInSlot(Object o) {
        inSlot(READ, o, 0);
    }

    public static void writeInSlot(Object o) {
        inSlot(WRITE, o, 0);
    }

    public static void readArrayInSlot(Object array, int index) {
        inSlot(READ_ARRAY, array, index);
    }

    public static void writeArrayInSlot(Object array, int index) {
        inSlot(WRITE_ARRAY, array, index);
    }

    public static void readStaticInSlot(int classId) {
        inSlot(READ_STATIC, null, classId);
    }

    public static void writeStaticInSlot(int classId) {
        inSlot(WRITE_STATIC, null, classId);
    }

    /** One step of the calling thread's countdown in its slot; the sampled access goes out of line. */
    private static void inSlot(int kind, Object o, int arg) {
        int s = slot();
        int c = COUNTDOWN[s];
        if (c > 1) {
            COUNTDOWN[s] = c - 1;
        } else {
            sampledInSlot(s, kind, o, arg);
        }
    }

    /** The sampled access of a block, from a hook stepping the slot: the countdown restarted, the access passed on. */
    @OutOfLine
    private static void sampledInSlot(int s, int kind, Object o, int arg) {
        COUNTDOWN[s] = restart(s);
        passOn(kind, o, arg);
    }

    @OutOfLine
    public static void allocated(Object o, int siteId) {
        AccessSink s = sink;
        if (s != null && o != null) {
            s.allocated(o, siteId);
        }
    }

    /*
     * Primitive arrays where no access to their elements is hooked (the default "references" accesses, no trace): no
     * owner or site to remember, only the allocation to count. The array is not passed, so escape analysis may still
     * keep it out of the heap; the hooks take its length and {@code siteAndScale}: the site id shifted left by 2, or'ed
     * with log2 of the element's bytes (a constant the instrumentation computes, see #siteAndScale).
     */

    /** The int constant a primitive array's hook takes: site {@code siteId}, elements of {@code elementBytes} (1-8). */
    public static int siteAndScale(int siteId, int elementBytes) {
        return siteId << 2 | Integer.numberOfTrailingZeros(elementBytes);
    }

    /** A primitive array of {@code length} made, every one counted (the profiler does not sample). */
    @OutOfLine
    public static void primitiveArrayMade(int length, int siteAndScale) {
        AccessSink s = sink;
        if (s != null) {
            s.primitiveArrayMade(length, siteAndScale, 1);
        }
    }

    /**
     * A primitive array of {@code length} made, sampled: one in each block of N a thread makes (the thread's slot keeps
     * this countdown beside the accesses') is passed on, weighing N; the others cost a decrement.
     */
    public static void primitiveArrayMadeSampled(int length, int siteAndScale) {
        int s = slot() + ARRAYS_MADE;
        int c = COUNTDOWN[s];
        if (c > 1) {
            COUNTDOWN[s] = c - 1;
        } else {
            sampledArrayMade(s, length, siteAndScale);
        }
    }

    @OutOfLine
    private static void sampledArrayMade(int s, int length, int siteAndScale) {
        int n = sampling;
        COUNTDOWN[s] = restart(COUNTDOWN, s, n);
        AccessSink k = sink;
        if (k != null) {
            k.primitiveArrayMade(length, siteAndScale, n);
        }
    }

    /**
     * Before {@code o.field = target} (reference fields, inserted only when a trace is recorded). Every store is
     * passed on, sampled or not and in or out of the profiling window: the trace's object graph must be whole.
     */
    public static void referenceStored(Object o, Object target, int fieldId) {
        AccessSink s = sink;
        if (s != null && o != null) {
            s.referenceStored(o, target, fieldId);
        }
    }

    /**
     * Before {@code array[index] = target} (AASTORE, trace only). Takes the operands in the order the stack holds
     * them after the shuffle that keeps [array index target] below, and returns {@code target} to complete it.
     */
    public static Object elementStored(Object target, Object array, int index) {
        AccessSink s = sink;
        if (s != null && array != null) {
            s.elementStored(array, index, target);
        }
        return target;
    }

    /** Before a static reference field {@code fieldId} is set to {@code target} (trace only). */
    public static void staticReferenceStored(Object target, int fieldId) {
        AccessSink s = sink;
        if (s != null) {
            s.staticReferenceStored(fieldId, target);
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
