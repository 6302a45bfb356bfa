package com.numa.characterize.builtin;

/**
 * Runs a workload's set-up from a constructor (which the harness calls through a plain {@link java.util.function.Function}):
 * an interrupt there means the run is being torn down, so it becomes an unchecked failure with the flag kept.
 */
final class Setup {
    interface Step<T> {
        T run() throws InterruptedException;
    }

    private Setup() {
    }

    static <T> T interruptibly(Step<T> step) {
        try {
            return step.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting up the workload", e);
        }
    }
}
