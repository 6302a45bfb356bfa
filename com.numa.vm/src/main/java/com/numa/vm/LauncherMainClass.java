package com.numa.vm;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Asks the java launcher whether it loaded the application's main class: {@code sun.launcher.LauncherHelper} keeps it
 * for reporting ({@code getApplicationClass()}, there since JDK 8 and still in 25) and leaves it null when the class
 * cannot be found. The package is not exported, so the agent exports it to itself through its Instrumentation, which
 * changes nothing the application sees. Anything unexpected (another launcher, a JDK without the method) answers
 * "loaded", the behaviour from before.
 *
 * <p>The export and the lookup are made at the first question (a feature publishing what it measured, at the earliest
 * a second into the run), not in premain: the module redefinition spins the JDK's own lambdas, milliseconds the
 * application would wait for before its main.
 */
final class LauncherMainClass implements BooleanSupplier {
    private final Instrumentation inst;
    /** The launcher's getter once resolved; null before, or when it cannot be reached (then: loaded). */
    private Method getter;
    private boolean resolved;
    private volatile boolean seen;

    private LauncherMainClass(Instrumentation inst) {
        this.inst = inst;
    }

    static BooleanSupplier probe(Instrumentation inst) {
        return new LauncherMainClass(inst);
    }

    @Override
    public boolean getAsBoolean() {
        if (!seen) {
            seen = ask();
        }
        return seen;
    }

    private synchronized boolean ask() {
        if (!resolved) {
            resolved = true;
            getter = resolve(inst);
        }
        if (getter == null) {
            return true;
        }
        try {
            return getter.invoke(null) != null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
    }

    private static Method resolve(Instrumentation inst) {
        try {
            Module base = Object.class.getModule();
            inst.redefineModule(base, Set.of(), Map.of("sun.launcher", Set.of(LauncherMainClass.class.getModule())),
                    Map.of(), Set.of(), Map.of());
            return Class.forName("sun.launcher.LauncherHelper").getMethod("getApplicationClass");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
