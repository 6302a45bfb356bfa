package com.numa.bench.opt;

import com.numa.opt.OptFeature;
import com.numa.core.feature.FeatureRegistry;
import com.numa.perfutil.topology.MachineTopology;
import com.numa.bench.workloads.Workload;
import com.numa.bench.workloads.Workloads;
import com.numa.opt.AwarenessThread;
import com.numa.opt.OptFlags;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ThreadInventory;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import com.numa.core.log.NumaLog;
import com.numa.opt.AffinityPlacement;
import java.util.Arrays;
import java.util.List;

/**
 * One measured run in a fresh JVM: {@code <workload> <scale> [-XX:NUMAOpts... flags]}. With flags it starts the
 * Awareness Thread on the emulated topology (pseudo-node 0 = CPU 0, pseudo-node 1 = CPU 1) exactly as the agent would,
 * then times the workload and prints
 * {@code RESULT <elapsed_ns> <checksum> <final_state> <awareness_thread_cpu_ns>}.
 */
public final class OptOverheadChild {
    private OptOverheadChild() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: OptOverheadChild <workload> <scale> [-XX:+NUMAOpts ...]; workloads: " + Workloads.names());
            System.exit(2);
        }
        Workload w = Workloads.create(args[0], Double.parseDouble(args[1]));
        List<String> flags = Arrays.asList(args).subList(2, args.length);
        AwarenessThread opt = null;
        if (!flags.isEmpty()) {
            ThreadInventory threads = new ThreadInventory();
            threads.registerMainThread(LinuxSyscalls.gettid()); // as the agent's premain does
            opt = AwarenessThread.start(FeatureRegistry.of(new OptFeature()).flagSet().parse(flags), emulatedTwoNodes(), threads,
                    null, new AffinityPlacement(), NumaLog.stderr().of("NUMAOpts"));
        }
        long t0 = System.nanoTime();
        long checksum = w.run();
        long elapsed = System.nanoTime() - t0;
        String state = "none";
        long selfCpu = 0;
        if (opt != null) {
            state = opt.state().name();
            opt.close();
            selfCpu = opt.selfCpuNs();
        }
        System.out.println("RESULT " + elapsed + " " + checksum + " " + state + " " + selfCpu);
    }

    /**
     * The development machines' emulated topology (pseudo-nodes over CPUs 0 and 1), parsed against a machine that has
     * both CPUs: the child runs under taskset -c N, where MachineTopology would find only one usable CPU.
     */
    static NumaTopology emulatedTwoNodes() {
        NumaTopology bothCpus = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0, 1), 0, 0)), new int[][] {{10}}, false);
        return NumaTopologies.fromSpec("0/1", bothCpus);
    }
}
