package com.numa.opt;

import com.numa.opt.OptFlags.Signal;
import java.util.ArrayList;
import java.util.List;

/**
 * The quantities compared in the single-versus-all-nodes probe; lower is better, NaN when not measurable.
 * <ul>
 * <li>{@code cpi}: the application threads' cycles / retired instructions (the paper; needs a hardware PMU).</li>
 * <li>{@code progress}: wall nanoseconds per unit reported through {@link Progress#add(long)} (inverse throughput).</li>
 * <li>{@code allocation}: wall nanoseconds per byte allocated by application threads (ThreadMXBean), an
 * application-agnostic inverse throughput for allocation-heavy (i.e. most) Java programs.</li>
 * <li>{@code cpu-share}: wall nanoseconds per CPU nanosecond of the application threads, i.e. 1 / CPUs kept busy
 * (ThreadMXBean CPU time, so every JVM has it). For a program that neither allocates nor reports progress it answers
 * "does the application use the CPUs of all nodes": a CPU-bound parallel program on one node of two gets half the CPU.
 * It cannot see remote-memory stalls (they count as CPU time), so it never argues for confinement on locality grounds:
 * the safe signal of last resort.</li>
 * </ul>
 * CPI normalises by work but not by parallelism; the wall-time signals measure throughput directly, so on machines
 * without counters the probe asks "does the application get more done per second on all nodes".
 */
public final class CostSignal {
    /** The allocation rate below which the allocation signal measures nothing (1 MiB/s). */
    static final double MIN_ALLOCATION_BYTES_PER_S = 1 << 20;

    private CostSignal() {
    }

    /**
     * The signals to try, in order, given what this run can measure. AUTO: cpi (counted), progress (reported),
     * allocation (HotSpot), cpu-share (work is CPU time). An explicit signal is used alone; one this run cannot
     * measure at all falls back to AUTO's order.
     */
    public static List<Signal> candidates(Signal wanted, boolean hasCycles, boolean progressReported,
            boolean hasAllocation, boolean workIsCpuTime) {
        List<Signal> auto = new ArrayList<>();
        if (hasCycles) {
            auto.add(Signal.CPI);
        }
        if (progressReported) {
            auto.add(Signal.PROGRESS);
        }
        if (hasAllocation) {
            auto.add(Signal.ALLOCATION);
        }
        if (workIsCpuTime) {
            auto.add(Signal.CPU_SHARE);
        }
        boolean available = wanted == Signal.PROGRESS || auto.contains(wanted);
        return wanted != Signal.AUTO && available ? List.of(wanted) : List.copyOf(auto);
    }

    /**
     * CPUs kept busy by the application threads (MAIN and APPLICATION) when work is CPU nanoseconds: the sum of each
     * thread's CPU time over the wall time, each thread counted at most once (a thread cannot use more than one CPU;
     * its readings and the interval's clock are taken a little apart, and a late reading under load must not make one
     * busy thread look like more). JIT and GC threads are not counted: their bursts are the JVM's, not the
     * application's demand. NaN without wall time.
     */
    public static double busyCpus(List<ThreadWork> deltas, long wallNs) {
        if (wallNs <= 0) {
            return Double.NaN;
        }
        double busy = 0;
        for (ThreadWork w : deltas) {
            if (w.thread().role().runsApplication() && w.work() > 0) {
                busy += Math.min(1.0, w.work() / wallNs);
            }
        }
        return busy;
    }

    /** Each candidate's cost over one interval, in the candidates' order. */
    public static List<SignalCost> costs(List<Signal> candidates, List<ThreadWork> deltas, long wallNs,
            long progressUnits) {
        List<SignalCost> out = new ArrayList<>(candidates.size());
        for (Signal s : candidates) {
            out.add(new SignalCost(s, cost(s, deltas, wallNs, progressUnits)));
        }
        return out;
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
                // a few objects (thread start, a lambda) are not throughput: below the floor nothing is measured
                return bytes > 0 && bytes * 1e9 / wallNs >= MIN_ALLOCATION_BYTES_PER_S ? wallNs / bytes : Double.NaN;
            }
            case CPU_SHARE: {
                double busy = busyCpus(deltas, wallNs);
                return busy > 0 ? 1 / busy : Double.NaN;
            }
            default:
                throw new IllegalArgumentException("choose candidates first, not " + s);
        }
    }
}
