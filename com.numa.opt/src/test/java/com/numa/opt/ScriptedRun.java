package com.numa.opt;

import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToDoubleFunction;

/**
 * Scripted parts for driving the real Awareness Thread loop without a kernel: a thread directory that tests can grow, a
 * placement that records pins, and a counter source whose per-read work follows a script and whose CPI depends on
 * where the placement put the threads (so a probe measures what the script says).
 */
final class ScriptedRun {
    static final NumaTopology TWO_NODES = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0, 1), 1L << 30, 0),
            new NumaNode(1, CpuSet.of(2, 3), 1L << 30, 1)), new int[][] {{10, 21}, {21, 10}}, false);

    final List<ThreadIdentity> threads = new CopyOnWriteArrayList<>();
    final Placement placement = new Placement();
    volatile ToDoubleFunction<ThreadIdentity> workPerRead = t -> 0;
    volatile double cpiSingle = 1.0;
    volatile double cpiAll = 1.0;

    ThreadIdentity add(int tid, ThreadRole role) {
        ThreadIdentity t = new ThreadIdentity(tid, "t" + tid, tid, role == ThreadRole.JVM_INTERNAL, role);
        threads.add(t);
        return t;
    }

    ThreadDirectory directory() {
        return () -> List.copyOf(threads);
    }

    final class Placement implements ThreadPlacement {
        final Map<Integer, CpuSet> affinity = new java.util.concurrent.ConcurrentHashMap<>();
        final List<CpuSet> targets = new CopyOnWriteArrayList<>();

        @Override
        public boolean pin(int tid, CpuSet cpus) {
            affinity.put(tid, cpus);
            if (targets.isEmpty() || !targets.get(targets.size() - 1).equals(cpus)) {
                targets.add(cpus);
            }
            return true;
        }

        @Override
        public CpuSet affinityOf(int tid) {
            return affinity.get(tid);
        }

        @Override
        public int currentCpu() {
            return 2; // the "main thread" starts on node 1
        }
    }

    WorkSource source(boolean cycles) {
        return new WorkSource() {
            private final Map<Integer, double[]> cumulative = new HashMap<>();

            @Override
            public String workUnit() {
                return cycles ? "instructions" : "cpu-ns";
            }

            @Override
            public boolean hasCycles() {
                return cycles;
            }

            @Override
            public String describe() {
                return "scripted";
            }

            @Override
            public List<ThreadWork> read(List<ThreadIdentity> ts) {
                boolean allNodes = ts.stream().anyMatch(t -> TWO_NODES.usableCpus().equals(placement.affinity.get(t.tid())));
                List<ThreadWork> out = new ArrayList<>();
                for (ThreadIdentity t : ts) {
                    double w = workPerRead.applyAsDouble(t);
                    double[] c = cumulative.computeIfAbsent(t.tid(), k -> new double[2]);
                    c[0] += w;
                    c[1] += w * (allNodes ? cpiAll : cpiSingle);
                    out.add(new ThreadWork(t, c[0], cycles ? c[1] : Double.NaN, Double.NaN));
                }
                return out;
            }
        };
    }
}
