package com.numa.profiler.tracking;

import com.numa.profiler.rt.RawAccess;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Set;

/**
 * The header word's memory: the profiler's claim on {@link RawAccess}'s handles (see there why
 * {@code jdk.internal.misc.Unsafe}, and why only the boot class path's module gets it).
 */
public final class InternalUnsafe {
    /** Initialised on first use, which must follow {@link #export}. */
    private static final class Handles {
        private static final MethodHandle[] CLAIMED = RawAccess.claim();
        private static final MethodHandle GET_LONG = CLAIMED == null ? null : CLAIMED[0];
        private static final MethodHandle PUT_LONG = CLAIMED == null ? null : CLAIMED[1];
        private static final MethodHandle FIELD_OFFSET = CLAIMED == null ? null : CLAIMED[2];
        private static final MethodHandle ARRAY_BASE = CLAIMED == null ? null : CLAIMED[3];
        private static final MethodHandle ARRAY_SCALE = CLAIMED == null ? null : CLAIMED[4];
        private static final String PROBLEM = CLAIMED == null ? "jdk.internal.misc.Unsafe is not accessible" : null;
    }

    private InternalUnsafe() {
    }

    /**
     * Exports jdk.internal.misc to the hook runtime's module, only if that is the boot class path's (never to the
     * application's unnamed module, which holds the profiler when the runtime could not be put there); returns null on
     * success, else why not. {@code runtimeOnBootPath}: whether the hook classes resolve from the boot loader, as the
     * lifecycle that put them there (BootstrapRuntime) says.
     */
    public static String export(Instrumentation inst, boolean runtimeOnBootPath) {
        if (!runtimeOnBootPath) {
            return "the hook runtime is not on the boot class path";
        }
        try {
            Module base = Object.class.getModule();
            Module self = RawAccess.class.getModule();
            if (!base.isExported("jdk.internal.misc", self)) {
                inst.redefineModule(base, Set.of(), Map.of("jdk.internal.misc", Set.of(self)), Map.of(), Set.of(),
                        Map.of());
            }
            return Handles.PROBLEM;
        } catch (RuntimeException e) {
            return "cannot export jdk.internal.misc to the profiler (" + e + ")";
        }
    }

    /** Null when the accessors work, else why they do not. */
    static String problem() {
        return Handles.PROBLEM;
    }

    static long getLong(Object o, long offset) {
        try {
            return (long) Handles.GET_LONG.invokeExact(o, offset);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    static void putLong(Object o, long offset, long value) {
        try {
            Handles.PUT_LONG.invokeExact(o, offset, value);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The offset of the instance field {@code name} declared by {@code c}, or -1 when it declares none. */
    public static long fieldOffset(Class<?> c, String name) {
        try {
            return (long) Handles.FIELD_OFFSET.invokeExact(c, name);
        } catch (Throwable e) { // InternalError: no such field
            return -1;
        }
    }

    /** Where element 0 of arrays of class {@code arrayClass} starts, or -1 when the accessors do not work. */
    public static int arrayBase(Class<?> arrayClass) {
        try {
            return Handles.ARRAY_BASE == null ? -1 : (int) (long) Handles.ARRAY_BASE.invokeExact(arrayClass);
        } catch (Throwable e) {
            return -1;
        }
    }

    /** Bytes between two elements of arrays of class {@code arrayClass}, or -1 when the accessors do not work. */
    public static int arrayScale(Class<?> arrayClass) {
        try {
            return Handles.ARRAY_SCALE == null ? -1 : (int) (long) Handles.ARRAY_SCALE.invokeExact(arrayClass);
        } catch (Throwable e) {
            return -1;
        }
    }
}
