package com.numa.opt;

import com.numa.opt.OptFlags.Signal;
import java.util.List;

/**
 * The quantity compared in the single-versus-all-nodes probe; lower is better, NaN when it cannot be measured.
 * <ul>
 * <li>{@code cpi}: the application threads' cycles / retired instructions (the paper; needs a hardware PMU).</li>
 * <li>{@code progress}: wall nanoseconds per unit reported through {@link Progress#add(long)} (inverse throughput).</li>
 * <li>{@code allocation}: wall nanoseconds per byte allocated by application threads (ThreadMXBean), an
 * application-agnostic inverse throughput for allocation-heavy (i.e. most) Java programs.</li>
 * </ul>
 * CPI normalises by work but not by parallelism; the two wall-time signals measure throughput directly, so on machines
 * without counters the probe asks "does the application get more done per second on all nodes".
 */
public final class CostSignal {
    private CostSignal() {
    }

    /** What AUTO (or an unavailable explicit choice) becomes, given what this run can measure. */
    public static Signal resolve(Signal wanted, boolean hasCycles, boolean progressReported, boolean hasAllocation) {
        if (wanted == Signal.CPI && hasCycles || wanted == Signal.PROGRESS
                || wanted == Signal.ALLOCATION && hasAllocation) {
            return wanted;
        }
        if (hasCycles) {
            return Signal.CPI;
        }
        if (progressReported || !hasAllocation) {
            return Signal.PROGRESS;
        }
        return Signal.ALLOCATION;
    }

    public static double cost(Signal s, List<ThreadWork> deltas, long wallNs, long progressUnits) {
        switch (s) {
            case CPI: {
                double cycles = 0;
                double instructions = 0;
                for (ThreadWork w : deltas) {
                    if (w.thread().role().runsApplication() && w.work() > 0 && w.cycles() >= 0) {
                        cycles += w.cycles();
                        instructions += w.work();
                    }
                }
                return instructions > 0 ? cycles / instructions : Double.NaN;
            }
            case PROGRESS:
                return progressUnits > 0 ? (double) wallNs / progressUnits : Double.NaN;
            case ALLOCATION: {
                double bytes = 0;
                for (ThreadWork w : deltas) {
                    if (w.thread().role().runsApplication() && w.allocatedBytes() > 0) {
                        bytes += w.allocatedBytes();
                    }
                }
                return bytes > 0 ? wallNs / bytes : Double.NaN;
            }
            default:
                throw new IllegalArgumentException("resolve " + s + " first");
        }
    }
}
