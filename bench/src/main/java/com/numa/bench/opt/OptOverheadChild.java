package com.numa.bench.opt;

import com.numa.bench.workloads.Workloads;
import com.numa.core.child.ChildReport;
import com.numa.core.feature.FeatureRegistry;
import com.numa.core.flags.FlagSet;
import com.numa.core.log.NumaLog;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import com.numa.core.workload.Workload;
import com.numa.opt.AffinityPlacement;
import com.numa.opt.AwarenessThread;
import com.numa.opt.OptFeature;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ThreadInventory;
import java.util.Arrays;
import java.util.List;

/**
 * One measured run of {@link OptOverhead} in a fresh JVM: {@code <workload> <scale> [-XX:NUMAOpts... flags]}. With
 * flags it starts the Awareness Thread on the emulated topology (pseudo-node 0 = CPU 0, pseudo-node 1 = CPU 1) exactly
 * as the agent would, then times the workload and reports a {@link Result} through {@link ChildReport}.
 */
public final class OptOverheadChild {
    private OptOverheadChild() {
    }

    /**
     * @param elapsedNs            the workload's wall time
     * @param checksum             the workload's checksum
     * @param finalState           the optimizer's state at the end ({@code none} without flags)
     * @param awarenessThreadCpuNs the Awareness Thread's own CPU time (0 without flags)
     */
    public record Result(long elapsedNs, long checksum, String finalState, long awarenessThreadCpuNs) {
    }

    /** The optimizer's flags alone, as the child parses them (the parent checks its -XX: arguments with it). */
    static FlagSet optimizerFlags() {
        return FeatureRegistry.of(new OptFeature()).flagSet();
    }

    public static void main(String[] args) throws Exception {
        Workloads.Entry entry = Workloads.named(args[0]);
        double scale = Double.parseDouble(args[1]);
        List<String> flags = Arrays.asList(args).subList(2, args.length);
        AwarenessThread opt = null;
        if (!flags.isEmpty()) {
            ThreadInventory threads = new ThreadInventory();
            threads.registerMainThread(LinuxSyscalls.gettid()); // as the agent's premain does
            opt = AwarenessThread.start(optimizerFlags().parse(flags), emulatedTwoNodes(), threads, null,
                    new AffinityPlacement(), NumaLog.stderr().of("NUMAOpts"));
        }
        long checksum;
        long elapsed;
        try (Workload w = entry.at(scale)) {
            long t0 = System.nanoTime();
            checksum = w.iteration();
            elapsed = System.nanoTime() - t0;
        }
        String state = "none";
        long selfCpu = 0;
        if (opt != null) {
            state = opt.state().name();
            opt.close();
            selfCpu = opt.selfCpuNs();
        }
        ChildReport.emit(new Result(elapsed, checksum, state, selfCpu));
    }

    /**
     * The development machines' emulated topology (pseudo-nodes over CPUs 0 and 1), parsed against a machine that has
     * both CPUs: the child runs under taskset -c N, where MachineTopology would find only one usable CPU.
     */
    static NumaTopology emulatedTwoNodes() {
        NumaTopology bothCpus = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0, 1), 0, 0)), new int[][] {{10}},
                false);
        return NumaTopologies.fromSpec("0/1", bothCpus);
    }
}
