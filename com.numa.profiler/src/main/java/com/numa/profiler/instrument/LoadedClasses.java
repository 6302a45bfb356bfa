package com.numa.profiler.instrument;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Retransforms classes loaded before the transformer, all in one {@code retransformClasses} call. HotSpot redefines
 * the classes of one call in one safepoint operation, and part of that operation's work is per call, not per class
 * (program coverage's ~240 JDK classes, one call each: 242 safepoints, 2.8 s at the safepoints alone and 3.5-5.5 s
 * in all on a busy 2-CPU machine; in one call: one safepoint of 11 ms; the rewriting itself aside, see
 * bench/results/2026-12-02-profiler-startup.md). The JVM refuses a call as a whole when it refuses one of its
 * classes, so a refused batch is retried class by class: one class the JVM will not take leaves the others
 * instrumented, and is the only one reported.
 */
public final class LoadedClasses {
    private LoadedClasses() {
    }

    /**
     * Retransforms {@code classes} (one call; class by class when the JVM refuses it) and answers how many calls were
     * made; {@code refused} hears of each class the JVM would not retransform, with why.
     */
    public static int retransform(Instrumentation inst, List<Class<?>> classes, BiConsumer<Class<?>, Throwable> refused) {
        if (classes.isEmpty()) {
            return 0;
        }
        try {
            inst.retransformClasses(classes.toArray(new Class<?>[0]));
            return 1;
        } catch (UnmodifiableClassException | RuntimeException | LinkageError batch) {
            if (classes.size() == 1) {
                refused.accept(classes.get(0), batch);
                return 1;
            }
        }
        for (Class<?> c : classes) {
            try {
                inst.retransformClasses(c);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                refused.accept(c, e);
            }
        }
        return 1 + classes.size();
    }
}
