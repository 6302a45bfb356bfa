package com.numa.profiler.rt;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Field access through {@code jdk.internal.misc.Unsafe}, for what the profiler must reach without running code that
 * may be instrumented or that reflection would show: {@code Thread.tid} (a {@code getId} override may itself be
 * instrumented, and would re-enter the hook asking for it) and the injected header word (no accessor methods on the
 * application's classes). The profiler exports {@code jdk.internal.misc} to this class's module, the boot class path's
 * unnamed module, before this class initialises, and to no other: the application's own modules keep the access they
 * had (libraries such as Netty probe it and change course). Not {@code sun.misc.Unsafe}: from JDK 24 on its first
 * memory access prints a warning into the program's stderr. The handles are constants, so the JIT compiles each access
 * into one load or store.
 */
public final class RawAccess {
    private static final MethodHandle GET_LONG;
    private static final MethodHandle PUT_LONG;
    private static final MethodHandle FIELD_OFFSET;
    private static final MethodHandle ARRAY_BASE;
    private static final MethodHandle ARRAY_SCALE;
    /** Offset of Thread.tid, or -1 (then Thread.getId is called). */
    private static final long TID;
    private static boolean claimed;

    static {
        MethodHandle get = null;
        MethodHandle put = null;
        MethodHandle offset = null;
        MethodHandle base = null;
        MethodHandle scale = null;
        long tid = -1;
        try {
            Class<?> u = Class.forName("jdk.internal.misc.Unsafe");
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Object unsafe = lookup.findStatic(u, "getUnsafe", MethodType.methodType(u)).invoke();
            get = lookup.findVirtual(u, "getLong", MethodType.methodType(long.class, Object.class, long.class))
                    .bindTo(unsafe);
            put = lookup.findVirtual(u, "putLong",
                    MethodType.methodType(void.class, Object.class, long.class, long.class)).bindTo(unsafe);
            offset = lookup.findVirtual(u, "objectFieldOffset",
                    MethodType.methodType(long.class, Class.class, String.class)).bindTo(unsafe);
            tid = (long) offset.invokeExact(Thread.class, "tid");
            try {
                base = arrayMethod(lookup, u, unsafe, "arrayBaseOffset");
                scale = arrayMethod(lookup, u, unsafe, "arrayIndexScale");
            } catch (ReflectiveOperationException | RuntimeException e) {
                base = null; // array offsets unknown: only the sharing diagnosis needs them, and says so
                scale = null;
            }
        } catch (Throwable e) {
            get = null; // not exported (no agent, or the agent could not): Thread.getId and no header word
        }
        GET_LONG = get;
        PUT_LONG = put;
        FIELD_OFFSET = offset;
        ARRAY_BASE = base;
        ARRAY_SCALE = scale;
        TID = get == null ? -1 : tid;
    }

    private RawAccess() {
    }

    /** {@code Unsafe.name(Class)} as a handle returning long: it returns int up to JDK 22 or so, long later. */
    private static MethodHandle arrayMethod(MethodHandles.Lookup lookup, Class<?> u, Object unsafe, String name)
            throws ReflectiveOperationException {
        Class<?> returns = u.getMethod(name, Class.class).getReturnType();
        return lookup.findVirtual(u, name, MethodType.methodType(returns, Class.class)).bindTo(unsafe)
                .asType(MethodType.methodType(long.class, Class.class));
    }

    /** The id the JVM gave {@code t}, read from Thread's own field when possible. */
    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
    public static long threadId(Thread t) {
        if (TID >= 0) {
            return tid(t);
        }
        return t.getId();
    }

    /**
     * {@code t}'s own {@code tid} field (only called when {@link #TID} is known, i.e. when jdk.internal.misc is
     * exported to this class's module). The body below goes through the handle; when the runtime is put on the boot
     * class path, {@code BootstrapRuntime} replaces it by a direct {@code Unsafe.getUnsafe().getLong(t, TID)}, which
     * javac cannot compile here ({@code --release} forbids naming the package). Every sampled hook inlines this read
     * (the countdown slot is picked by thread id): through the handle it pulled a chain of ten lambda-form frames into
     * each hooked access, which used up the JIT's inlining budget of the application's own methods; in C1 and the
     * interpreter the handle was a slow call per access.
     */
    static long tid(Thread t) {
        try {
            return (long) GET_LONG.invokeExact((Object) t, TID);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The long at offset {@code at} of {@code o}: the header word, for WordHooks. Like {@link #tid}, the body is replaced
     * by a direct {@code Unsafe} call when the runtime is put on the boot class path, which the JIT compiles to one
     * load at the offset (a constant once WordHooks' table entry is folded), and escape analysis sees through; forced
     * inline, as it is on WordHooks' seldom-run sampled path.
     */
    @Inline
    static long wordAt(Object o, long at) {
        try {
            return (long) GET_LONG.invokeExact(o, at);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sets the long at offset {@code at} of {@code o} (see {@link #wordAt}). */
    @Inline
    static void setWordAt(Object o, long at, long word) {
        try {
            PUT_LONG.invokeExact(o, at, word);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {getLong(Object, long), putLong(Object, long, long), objectFieldOffset(Class, String), arrayBaseOffset(Class),
     * arrayIndexScale(Class)} (the last two returning long, or null) for the profiler, which
     * claims them at its start; every later call, and any call when the package is not exported, gets null.
     */
    public static synchronized MethodHandle[] claim() {
        if (claimed || GET_LONG == null) {
            return null;
        }
        claimed = true;
        return new MethodHandle[] {GET_LONG, PUT_LONG, FIELD_OFFSET, ARRAY_BASE, ARRAY_SCALE};
    }
}
