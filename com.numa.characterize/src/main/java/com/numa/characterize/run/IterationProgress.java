package com.numa.characterize.run;

import com.numa.core.log.NumaLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Prints each iteration of a running child as its mark appears in the iteration log (polled, twice a second); with no
 * expected count (a single application's method window), each span.
 */
final class IterationProgress {
    private final Path file;
    private final NumaLog log;
    private final int expected;
    private Thread poller;
    private int printed;

    IterationProgress(Path file, NumaLog log, int expected) {
        this.file = file;
        this.log = log;
        this.expected = expected;
    }

    void start() {
        poller = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(500);
                    printNew();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "numa-characterize-progress");
        poller.setDaemon(true);
        poller.start();
    }

    void stop() {
        poller.interrupt();
        try {
            poller.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        printNew();
    }

    private synchronized void printNew() {
        try {
            var its = IterationLog.read(file).iterations();
            for (; printed < its.size(); printed++) {
                IterationLog.Iteration i = its.get(printed);
                log.info(expected > 0
                        ? String.format(Locale.ROOT, "    iteration %d/%d%s: %.0f ms", i.number(), expected,
                                i.warmup() ? " (warm-up)" : "", i.durationNs() / 1e6)
                        : String.format(Locale.ROOT, "    window span %d: %.0f ms", i.number(), i.durationNs() / 1e6));
            }
        } catch (IOException e) {
            // the child may be writing; the next poll reads it
        }
    }
}
