package com.numa.opt;

import com.numa.core.feature.FeatureRegistry;
import com.numa.perfutil.topology.MachineTopology;
import com.numa.perfutil.affinity.Affinity;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.perfutil.threads.ThreadInventory;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Run inside the 2-node guest by {@link AwarenessThreadGuestIT}: a single-threaded program whose heap was first
 * touched on node 0 starts the Awareness Thread (real topology, ThreadInventory, default counters) with
 * -XX:NUMAOptsMemPolicy=args[0] (migrate or bind) from node 1, and prints what the kernel then says as key=value lines.
 */
public final class OptGuestProbe {
    private OptGuestProbe() {
    }

    public static void main(String[] args) throws Exception {
        NumaTopology topology = MachineTopology.real();
        System.out.println("nodes=" + topology.nodeCount());
        // first touch of a 64 MiB array on node 0
        Affinity.pinThread(0, topology.node(0).cpus());
        long[] heap = new long[8 << 20];
        for (int i = 0; i < heap.length; i += 512) {
            heap[i] = i;
        }
        System.out.println("before_anon=" + anonPages());
        // the main thread moves to node 1 and starts the optimizer there
        Affinity.pinThread(0, topology.node(1).cpus());
        ThreadInventory threads = new ThreadInventory();
        threads.registerMainThread(LinuxSyscalls.gettid());
        long sum = 0;
        String policy = args.length > 0 ? args[0] : "migrate";
        try (AwarenessThread a = AwarenessThread.start(FeatureRegistry.of(new OptFeature()).flagSet().parse(List.of("-XX:+NUMAOpts",
                "-XX:NUMAOptsMemPolicy=" + policy)), topology, threads, null, new AffinityPlacement(), System.out::println)) {
            long end = System.nanoTime() + 90_000_000_000L;
            // SINGLE_THREADED stays on all nodes while JIT and GC keep more than one node's CPU busy: wait until it
            // is confined
            String node1List = topology.node(1).cpus().toList();
            while (!(a.state() == AppState.SINGLE_THREADED && lastPlacedOn(a.history(), node1List))
                    && System.nanoTime() < end) {
                for (int i = 0; i < heap.length; i++) {
                    sum += heap[i] ^ i;
                }
            }
            System.out.println("state=" + a.state());
            Thread.sleep(300); // let the act step finish its migrate_pages
            CpuSet node1 = topology.node(1).cpus();
            boolean all = true;
            for (int tid : ProcTasks.tids()) {
                String allowed = ProcTasks.status(tid, "Cpus_allowed_list");
                if (com.numa.core.threads.ThreadRoleRules.isTool(ProcTasks.comm(tid))) {
                    continue; // numa-jvm's own threads are left where they are
                }
                if (allowed != null && !CpuSet.parseList(allowed).equals(node1)) {
                    all = false;
                    System.out.println("off_node_tid=" + tid + " " + ProcTasks.comm(tid) + " " + allowed);
                }
            }
            System.out.println("all_threads_on_node1=" + all);
            // a thread born with all CPUs (as one started by a thread the optimizer does not pin would be): main
            // widens itself to start it and narrows back. The late thread must not widen itself: when the optimizer
            // pinned it between its start and that call, the call undid the pin for good (a guest-test flake)
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean stop = new AtomicBoolean();
            int[] lateTid = new int[1];
            Thread late = new Thread(() -> {
                lateTid[0] = LinuxSyscalls.gettid();
                started.countDown();
                while (!stop.get()) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "late-thread");
            Affinity.pinThread(0, topology.usableCpus());
            late.start();
            started.await();
            Affinity.pinThread(0, node1);
            Thread.sleep(1500);
            System.out.println("late_thread_cpus=" + ProcTasks.status(lateTid[0], "Cpus_allowed_list"));
            stop.set(true);
            late.join();
            System.out.println("after_anon=" + anonPages());
            System.out.println("failure=" + a.failure());
        }
        System.out.println("checksum=" + (sum == 42 ? 0 : 1));
    }

    /** Anonymous pages of this process per node, from /proc/self/numa_maps, as "N0:count,N1:count". */
    static String anonPages() throws Exception {
        long[] perNode = new long[8];
        for (String line : Files.readAllLines(Path.of("/proc/self/numa_maps"))) {
            if (!line.contains(" anon=")) {
                continue;
            }
            for (String f : line.split(" ")) {
                if (f.matches("N\\d+=\\d+")) {
                    int n = Integer.parseInt(f.substring(1, f.indexOf('=')));
                    perNode[n] += Long.parseLong(f.substring(f.indexOf('=') + 1));
                }
            }
        }
        return "N0:" + perNode[0] + ",N1:" + perNode[1];
    }

    /**
     * Whether the last interval of {@code history} (one snapshot: the optimizer appends to it meanwhile) ran on
     * {@code cpus}.
     */
    private static boolean lastPlacedOn(List<IntervalRecord> history, String cpus) {
        return !history.isEmpty() && cpus.equals(history.get(history.size() - 1).cpus());
    }
}
