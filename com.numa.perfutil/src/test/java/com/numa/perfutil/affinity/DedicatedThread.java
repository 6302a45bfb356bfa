package com.numa.perfutil.affinity;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs test code on a fresh thread that ends afterwards, so the affinity or memory policy it sets dies with it and
 * never leaks into the test runner's threads.
 */
public final class DedicatedThread {
    private DedicatedThread() {
    }

    public static <T> T call(Callable<T> body) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                result.set(body.call());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "numa-test-worker");
        t.start();
        t.join();
        Throwable e = failure.get();
        if (e instanceof Exception ex) {
            throw ex;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return result.get();
    }
}
