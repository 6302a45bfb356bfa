package com.numa.profiler.sharing;

import java.util.Set;

/**
 * Calls on the JDK's atomic boxes that read or write their {@code value} field. Their methods update it through
 * VarHandles or Unsafe, which no field instruction shows, and the JDK loads these classes before any agent, so the
 * diagnosis sees them at the call sites instead: a call {@code a.incrementAndGet()} on an AtomicLong counts as a write
 * of {@code a.value}, {@code a.get()} as a read. Only the exact classes are known (a subclass's own calls are not), and
 * only calls whose receiver an instruction can reach: at most two stack slots of arguments above it, plus
 * {@code AtomicLong.compareAndSet(long, long)} through a replacement call.
 */
public final class AtomicCalls {
    /** What a call does to the box's value. */
    public enum Effect {
        NONE, READ, WRITE
    }

    private static final Set<String> BOXES = Set.of("java/util/concurrent/atomic/AtomicLong",
            "java/util/concurrent/atomic/AtomicInteger", "java/util/concurrent/atomic/AtomicBoolean",
            "java/util/concurrent/atomic/AtomicReference");
    private static final Set<String> READS = Set.of("get", "getPlain", "getOpaque", "getAcquire", "intValue",
            "longValue", "floatValue", "doubleValue", "byteValue", "shortValue");
    private static final Set<String> WRITES = Set.of("set", "lazySet", "setPlain", "setOpaque", "setRelease",
            "getAndSet", "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetVolatile",
            "weakCompareAndSetAcquire", "weakCompareAndSetRelease", "compareAndExchange", "compareAndExchangeAcquire",
            "compareAndExchangeRelease", "getAndIncrement", "getAndDecrement", "getAndAdd", "incrementAndGet",
            "decrementAndGet", "addAndGet", "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet");
    /** The field every box keeps its value in. */
    public static final String FIELD = "value";

    private AtomicCalls() {
    }

    /** Whether {@code javaName} (a.b.C) is one of the atomic boxes whose calls are hooked. */
    public static boolean isBox(String javaName) {
        return BOXES.contains(javaName.replace('.', '/'));
    }

    /** What an INVOKEVIRTUAL of {@code owner.name desc} does to the value, or NONE. */
    public static Effect effect(String owner, String name) {
        if (!BOXES.contains(owner)) {
            return Effect.NONE;
        }
        return READS.contains(name) ? Effect.READ : WRITES.contains(name) ? Effect.WRITE : Effect.NONE;
    }

    /** Stack slots the arguments of a method descriptor take (2 for long and double, 1 for anything else). */
    public static int argumentSlots(String desc) {
        int slots = 0;
        int i = 1;
        while (desc.charAt(i) != ')') {
            char c = desc.charAt(i);
            if (c == 'J' || c == 'D') {
                slots += 2;
                i++;
                continue;
            }
            while (desc.charAt(i) == '[') {
                i++; // an array is one reference, whatever its element type
            }
            i = desc.charAt(i) == 'L' ? desc.indexOf(';', i) + 1 : i + 1;
            slots++;
        }
        return slots;
    }

    /** True for the call replaced by {@code Hooks.atomicLongCompareAndSet}. */
    public static boolean isLongCompareAndSet(String owner, String name, String desc) {
        return "java/util/concurrent/atomic/AtomicLong".equals(owner) && "compareAndSet".equals(name)
                && "(JJ)Z".equals(desc);
    }
}
