package com.numa.speedup.groundtruth;

/**
 * Ground truth: workers allocate small objects and keep a large share of them alive for a while, in a small heap
 * with the single-threaded Serial collector (run with -XX:+UseSerialGC -Xmx64m): the stop-the-world pauses do not
 * shrink with N while the work does; limited by GC. The total allocation and live set do not depend on N.
 */
public final class AllocationHeavy {
    static final long TOTAL_OBJECTS = 60_000_000L;
    static final int LIVE_OBJECTS = 600_000;

    public static void main(String[] args) throws InterruptedException {
        int n = Work.threads(args);
        Work.onWorkers(n, id -> {
            Object[] live = new Object[LIVE_OBJECTS / n];
            long sum = 0;
            for (long i = 0; i < TOTAL_OBJECTS / n; i++) {
                int[] o = new int[4];
                o[0] = (int) i;
                live[(int) (i % live.length)] = o;
                sum += o[0];
            }
            Work.sink += sum;
        });
    }
}
