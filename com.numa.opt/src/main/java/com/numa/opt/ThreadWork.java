package com.numa.opt;

import com.numa.core.threads.ThreadIdentity;

/**
 * One thread's counters over one interval (or cumulative, for a {@link WorkSource} reading). {@code work} is retired
 * instructions, or CPU nanoseconds where the machine has no instruction counter; {@code cycles} and
 * {@code allocatedBytes} are NaN when unknown.
 */
public record ThreadWork(ThreadIdentity thread, double work, double cycles, double allocatedBytes) {

    ThreadWork minus(ThreadWork earlier) {
        return new ThreadWork(thread, work - earlier.work, cycles - earlier.cycles, allocatedBytes - earlier.allocatedBytes);
    }
}
