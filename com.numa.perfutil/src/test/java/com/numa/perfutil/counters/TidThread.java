package com.numa.perfutil.counters;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A started thread that reports its kernel tid, for tests that point counters at a specific thread. */
final class TidThread {
    final Thread thread;
    final int tid;

    private TidThread(Thread thread, int tid) {
        this.thread = thread;
        this.tid = tid;
    }

    static TidThread start(String name, Runnable body) throws Exception {
        CompletableFuture<Integer> tid = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            tid.complete(LinuxSyscalls.gettid());
            body.run();
        }, name);
        t.setDaemon(true);
        t.start();
        return new TidThread(t, tid.get(10, TimeUnit.SECONDS));
    }

    ThreadIdentity identity() {
        return new ThreadIdentity(tid, thread.getName(), thread.getId(), true, ThreadRole.APPLICATION);
    }
}
