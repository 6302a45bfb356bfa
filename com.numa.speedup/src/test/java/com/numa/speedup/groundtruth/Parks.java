package com.numa.speedup.groundtruth;

import java.util.concurrent.locks.LockSupport;

/** Parks that take no time (the permit is already there) {@code <count>} times, then one park of 20 ms. */
public final class Parks {
    private Parks() {
    }

    public static void main(String[] args) {
        int count = Integer.parseInt(args[0]);
        for (int i = 0; i < count; i++) {
            LockSupport.unpark(Thread.currentThread());
            LockSupport.park();
        }
        long until = System.nanoTime() + 20_000_000L;
        while (System.nanoTime() < until) {
            LockSupport.parkNanos(until - System.nanoTime());
        }
    }
}
