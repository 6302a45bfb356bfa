package com.numa.profiler.groundtruth;

/**
 * Reads of static fields of every kind the transformer tells apart: static finals (this class's own, an interface's
 * constant named through a class that implements it, a JDK class's) are folded by the JIT and get no hook; a plain
 * static and {@code System.out} (final, but changed by {@code System.setOut}, so never folded) keep theirs.
 */
public final class StaticReads {
    /** The reads {@link #compute} makes that keep their hook. */
    public static final int HOOKED = 2;

    interface Limits {
        Object MAX = new Object();
    }

    static final class Bounded implements Limits {
    }

    static final Object OWN = new Object();
    static Object mutable = new Object();

    private StaticReads() {
    }

    public static long compute() {
        Object[] read = {OWN, Bounded.MAX, Boolean.TRUE, System.out, mutable};
        long nonNull = 0;
        for (Object o : read) {
            nonNull += o == null ? 0 : 1;
        }
        return nonNull;
    }
}
