package com.numa.profiler.groundtruth;

import java.io.Serializable;

/** Every access and allocation form the instrumentation rewrites, with a deterministic result to compare. */
public class AllKindsOfAccess implements Serializable {
    static Object staticRef = "s";
    static long staticLong = 3;
    long wide;
    double real;
    Object ref;
    int small;

    /** An inner class: its constructor stores this$0 before calling super(), where hooks must not touch it. */
    class Inner {
        final int v;

        Inner(int v) {
            this.v = v + small;
        }
    }

    private static boolean even(int i) {
        return i % 2 == 0;
    }

    public static long compute() {
        AllKindsOfAccess a = new AllKindsOfAccess();
        a.wide = 5L;
        a.real = 2.5;
        a.ref = a;
        a.small = 7;
        long[] longs = new long[4];
        double[] doubles = new double[4];
        byte[] bytes = new byte[4];
        boolean[] flags = new boolean[4];
        Object[] objs = new Object[4];
        int[][] grid = new int[3][5];
        for (int i = 0; i < 4; i++) {
            longs[i] = a.wide * i;
            doubles[i] = a.real * i;
            bytes[i] = (byte) i;
            flags[i] = even(i); // a call: the loop's reads of a.wide, a.real, a.ref are each made again (UnhookedReads)
            objs[i] = a.ref;
            grid[i % 3][i] = i;
        }
        long sum = 0;
        for (int i = 0; i < 4; i++) {
            sum += longs[i] + (long) doubles[i] + bytes[i] + (flags[i] ? 1 : 0) + (objs[i] == a ? 1 : 0) + grid[i % 3][i];
        }
        staticRef = objs;
        staticLong += sum;
        Inner in = a.new Inner(3);
        return sum * 31 + staticLong + in.v + (staticRef == objs ? 1 : 0);
    }
}
