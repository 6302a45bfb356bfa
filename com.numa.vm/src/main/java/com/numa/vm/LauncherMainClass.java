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
 */
final class LauncherMainClass {
    private LauncherMainClass() {
    }

    static BooleanSupplier probe(Instrumentation inst) {
        try {
            Module base = Object.class.getModule();
            inst.redefineModule(base, Set.of(), Map.of("sun.launcher", Set.of(LauncherMainClass.class.getModule())),
                    Map.of(), Set.of(), Map.of());
            Method m = Class.forName("sun.launcher.LauncherHelper").getMethod("getApplicationClass");
            return new BooleanSupplier() {
                private volatile boolean seen;

                @Override
                public boolean getAsBoolean() {
                    if (!seen) {
                        try {
                            seen = m.invoke(null) != null;
                        } catch (ReflectiveOperationException | RuntimeException e) {
                            seen = true;
                        }
                    }
                    return seen;
                }
            };
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return () -> true;
        }
    }
}
