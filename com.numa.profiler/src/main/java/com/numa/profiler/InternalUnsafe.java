package com.numa.profiler;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.Set;

/**
 * Raw field access through {@code jdk.internal.misc.Unsafe}, for the two fields the profiler must reach without
 * calling code that may be instrumented or visible: the injected header word (no accessor methods on the application's
 * classes, issue 11 item 1) and {@code Thread.tid} (an override of {@code getId} may itself be instrumented, issue 11
 * item 2). Not {@code sun.misc.Unsafe}: from JDK 24 on its first memory access prints a warning into the program's
 * stderr. The package is exported to the profiler by {@link #export} before the handles are made; they are
 * constants, so the JIT compiles each access to one load or store.
 */
final class InternalUnsafe {
    /** Initialised on first use, which must follow {@link #export}. */
    private static final class Handles {
        private static final MethodHandle GET_LONG;
        private static final MethodHandle PUT_LONG;
        private static final MethodHandle FIELD_OFFSET;
        /** Why the handles are missing, or null when they work. */
        private static final String PROBLEM;

        static {
            MethodHandle get = null;
            MethodHandle put = null;
            MethodHandle offset = null;
            String problem = null;
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
            } catch (Throwable e) {
                problem = "jdk.internal.misc.Unsafe is not accessible (" + e + ")";
            }
            GET_LONG = get;
            PUT_LONG = put;
            FIELD_OFFSET = offset;
            PROBLEM = problem;
        }
    }

    private InternalUnsafe() {
    }

    /** Exports jdk.internal.misc to the profiler's module; returns null on success, else why not. */
    static String export(Instrumentation inst) {
        try {
            Module base = Object.class.getModule();
            Module self = InternalUnsafe.class.getModule();
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
    static long fieldOffset(Class<?> c, String name) {
        try {
            return (long) Handles.FIELD_OFFSET.invokeExact(c, name);
        } catch (Throwable e) { // InternalError: no such field
            return -1;
        }
    }
}
