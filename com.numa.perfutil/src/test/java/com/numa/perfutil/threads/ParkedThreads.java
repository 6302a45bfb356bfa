package com.numa.perfutil.threads;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Test threads that report their kernel tid and wait until closed. */
final class ParkedThreads implements AutoCloseable {
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();
    private final List<Integer> tids = new ArrayList<>();

    /** Starts a thread and waits until it has reported its tid. */
    Thread start(String name, boolean daemon) throws InterruptedException {
        int[] tid = {0};
        CountDownLatch started = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            tid[0] = LinuxSyscalls.gettid();
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        t.setDaemon(daemon);
        t.start();
        if (!started.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("thread " + name + " did not start");
        }
        threads.add(t);
        tids.add(tid[0]);
        return t;
    }

    int tidOf(Thread t) {
        return tids.get(threads.indexOf(t));
    }

    @Override
    public void close() throws InterruptedException {
        release.countDown();
        for (Thread t : threads) {
            t.join(30_000);
        }
    }
}
