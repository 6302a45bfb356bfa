package com.numa.core.threads;

import java.util.function.BooleanSupplier;

/**
 * Whether the application's main class has been loaded, i.e. whether the application started. A run whose main class
 * is mistyped must write no output file (and must not overwrite the previous run's): features ask this before they
 * publish what they measured. The agent registers how to tell; without one, the application is taken as started
 * (tests that drive a feature directly, an agent attached to a running JVM).
 */
public final class MainClass {
    /** Null until the agent registers (no lambda as the default: this class is loaded in premain). */
    private static volatile BooleanSupplier loaded;

    private MainClass() {
    }

    /** Called by the agent from premain. */
    public static void register(BooleanSupplier mainClassLoaded) {
        loaded = mainClassLoaded;
    }

    /** True once the launcher loaded the application's main class (and ever after). */
    public static boolean loaded() {
        BooleanSupplier l = loaded;
        return l == null || l.getAsBoolean();
    }
}
