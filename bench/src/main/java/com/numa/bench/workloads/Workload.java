package com.numa.bench.workloads;

/**
 * A built-in workload: a deterministic amount of work whose run time is the measurement. {@link #run(double)} returns a
 * checksum so the JIT cannot drop the work; the same scale always does the same work and gives the same checksum.
 *
 * @param name        what the drivers take ({@code --workloads}) and pass to their child JVMs
 * @param description one line: what the workload exercises, for {@code --help}
 * @param body        the work
 */
public record Workload(String name, String description, Body body) {

    /** The work of one run at a scale (&gt; 0), on the calling thread and the threads it starts. */
    @FunctionalInterface
    public interface Body {
        long run(double scale) throws InterruptedException;
    }

    /** Runs the workload once at {@code scale}; returns its checksum. */
    public long run(double scale) throws InterruptedException {
        return body.run(scale);
    }
}
