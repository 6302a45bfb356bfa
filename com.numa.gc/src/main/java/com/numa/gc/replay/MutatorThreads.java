package com.numa.gc.replay;

import com.numa.gc.heap.ThreadPinning;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One mutator thread per node, pinned there, that performs the replayed events of the trace threads placed on that
 * node. The trace is a single ordered stream, so the replayer hands over one run of consecutive same-node events at
 * a time and waits: the memory accesses happen on the right node, in trace order.
 */
final class MutatorThreads implements AutoCloseable {
    private final ExecutorService[] executors;
    private final List<String> problems = new ArrayList<>();

    MutatorThreads(int nodes, ThreadPinning pinning) {
        executors = new ExecutorService[nodes];
        for (int n = 0; n < nodes; n++) {
            int node = n;
            executors[n] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(() -> {
                    String problem = pinning.pin(node);
                    if (problem != null) {
                        synchronized (problems) {
                            problems.add("mutator " + problem);
                        }
                    }
                    r.run();
                }, "mutator-node" + node);
                t.setDaemon(true);
                return t;
            });
        }
    }

    /** Runs {@code work} on node {@code node}'s thread and waits; its exception is rethrown here. */
    void run(int node, Runnable work) {
        Future<?> f = executors[node].submit(work);
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while replaying", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("mutator thread failed: " + c, c);
        }
    }

    List<String> problems() {
        synchronized (problems) {
            return List.copyOf(problems);
        }
    }

    @Override
    public void close() {
        for (ExecutorService e : executors) {
            e.shutdownNow();
        }
    }
}
