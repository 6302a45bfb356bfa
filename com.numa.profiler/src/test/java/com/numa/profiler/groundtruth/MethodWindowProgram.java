package com.numa.profiler.groundtruth;

import java.util.concurrent.CountDownLatch;

/**
 * The shapes a method window's stop method can exit in, for MethodWindowMarksTest: returns of every type, an exception
 * out of the method, an exception the method catches itself, recursion, a synchronized method, and two threads inside
 * the stop method at once.
 */
public final class MethodWindowProgram {
    private int calls;

    private MethodWindowProgram() {
    }

    public static long span(long x) {
        return x * 3 + 1;
    }

    public static double real(double x) {
        return x / 2;
    }

    public static Object ref(Object o) {
        return o == null ? "none" : o;
    }

    public static synchronized void nothing() {
        Object[] a = new Object[2];
        a[0] = a;
    }

    /** Throws out of the method: the window must close all the same, and the caller must get this exception. */
    public static int fails(int x) {
        if (x > 0) {
            throw new IllegalStateException("from the stop method " + x);
        }
        return x;
    }

    /** Catches its own exception: its handler runs, the window closes once, at the return. */
    public static int catchesItself(int x) {
        try {
            return fails(x);
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    /** Recursion: only the outermost exit leaves no activation running. */
    public static int recurse(int depth) {
        return depth == 0 ? 0 : 1 + recurse(depth - 1);
    }

    /** Arrays and a throw, for the sampled profiler's countdown local under the marks' handler. */
    public static int arrays(Object[] in, int n) {
        int found = 0;
        for (int i = 0; i < n; i++) {
            if (in[i % in.length] != null) {
                found++;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException();
        }
        return found;
    }

    public int instance(int x) {
        calls++;
        return x + calls;
    }

    public static void begin() {
    }

    /** Run by two threads at once: the second to leave closes the window. */
    public static void work(CountDownLatch bothInside, CountDownLatch firstLeaves, boolean first) throws InterruptedException {
        bothInside.countDown();
        bothInside.await();
        if (!first) {
            firstLeaves.await();
        }
    }

    public static MethodWindowProgram create() {
        return new MethodWindowProgram();
    }
}
