package com.numa.speedup.groundtruth;

/** Bad input: takes a thread count but always uses two threads (for the "ignores the argument" warning). */
public final class IgnoresThreads {
    public static void main(String[] args) throws InterruptedException {
        Work.threads(args);
        Work.onWorkers(2, id -> Work.cpu(800)); // long enough that JVM start-up noise stays small
    }
}
