package com.numa.perfutil.papi;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A test thread that runs tasks handed to it, so it can open a PAPI event set on itself: where PAPI_attach is refused
 * (no hardware PMU), counting the calling thread is what PAPI can do, and the sampler then reads it from outside.
 */
final class SelfCountingWorker implements AutoCloseable {
    private static final Map<Integer, SelfCountingWorker> BY_TID = new ConcurrentHashMap<>();

    /** Opens each thread's event set on that thread itself; only SelfCountingWorkers can be counted this way. */
    static final PapiThreadSampler.EventSetOpener OPENER = (papi, component, thread, events) -> {
        SelfCountingWorker w = BY_TID.get(thread.tid());
        if (w == null) {
            throw new PapiException(0, "tid " + thread.tid() + " is not a SelfCountingWorker");
        }
        return w.call(() -> PapiEventSet.onCallingThread(papi, component, events));
    };

    private static final Runnable EXIT = () -> { };

    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final int tid;

    SelfCountingWorker(String name) throws Exception {
        CompletableFuture<Integer> started = new CompletableFuture<>();
        thread = new Thread(() -> {
            started.complete(LinuxSyscalls.gettid());
            try {
                while (true) {
                    Runnable r = tasks.take();
                    if (r == EXIT) {
                        return;
                    }
                    r.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        tid = started.get(30, TimeUnit.SECONDS);
        BY_TID.put(tid, this);
    }

    int tid() {
        return tid;
    }

    ThreadIdentity identity() {
        return new ThreadIdentity(tid, thread.getName(), -1, true, ThreadRole.APPLICATION);
    }

    static List<ThreadIdentity> identities(SelfCountingWorker... workers) {
        return java.util.Arrays.stream(workers).map(SelfCountingWorker::identity).toList();
    }

    <T> T call(Callable<T> task) {
        CompletableFuture<T> f = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                f.complete(task.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        try {
            return f.get(120, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Burns {@code ms} of this worker's CPU time (CPU, not wall time: the VM is shared) and returns when done. */
    void spin(long ms) {
        call(() -> burn(ms));
    }

    static long burn(long ms) {
        var mx = ManagementFactory.getThreadMXBean();
        long until = mx.getCurrentThreadCpuTime() + ms * 1_000_000L;
        long x = 1;
        while (mx.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    /** Ends the thread and waits until the kernel has removed it. */
    @Override
    public void close() throws InterruptedException {
        tasks.add(EXIT);
        thread.join(30_000);
        for (int i = 0; i < 500 && Files.isDirectory(Path.of("/proc/self/task/" + tid)); i++) {
            Thread.sleep(10);
        }
        BY_TID.remove(tid);
        assertFalse(thread.isAlive(), thread.getName() + " did not end");
    }
}
