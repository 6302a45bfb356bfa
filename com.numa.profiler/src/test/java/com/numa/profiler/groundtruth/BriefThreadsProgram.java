package com.numa.profiler.groundtruth;

/**
 * Eight threads, one after another, each alive for a few milliseconds: each does what a {@link PrivateObjectsProgram}
 * thread does for 5 rounds (100 array stores, then 5 x 100 x (array load, reference store, reference load)) and ends
 * before the next starts.
 */
public final class BriefThreadsProgram {
    public static final int THREADS = 8;
    public static final int ROUNDS = 5;

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < THREADS; i++) {
            Thread t = new Thread(new PrivateObjectsProgram(ROUNDS), "brief-" + i);
            t.start();
            t.join();
        }
    }
}
