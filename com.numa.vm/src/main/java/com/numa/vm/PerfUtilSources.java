package com.numa.vm;

import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.counters.CoreSampler;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.perfutil.papi.PapiThreadSampler;
import com.numa.perfutil.threads.ThreadDirectory;
import com.numa.perfutil.threads.ThreadInventory;
import com.numa.perfutil.topology.NumaTopologies;
import com.numa.perfutil.topology.NumaTopology;
import java.util.List;
import java.util.function.Consumer;

/** The agent's only calls into perfutil's factories: thread inventory, topology, counter samplers per backend. */
final class PerfUtilSources {

    private PerfUtilSources() {
    }

    /** This JVM's thread inventory, with {@code mainTid} registered as the main thread. */
    static ThreadDirectory threadDirectory(int mainTid) {
        ThreadInventory inventory = new ThreadInventory();
        inventory.registerMainThread(mainTid);
        return inventory;
    }

    /** The topology named by -XX:NUMATopology (auto, N pseudo-nodes, or explicit CPU lists). */
    static NumaTopology topology(String spec) {
        return NumaTopologies.fromSpec(spec);
    }

    static ThreadSampler threadSampler(List<String> events, PerfUtilFlags.Backend backend, ThreadDirectory threads,
            Consumer<String> log) {
        // PAPI takes its own event names (perf::TASK-CLOCK, PAPI_TOT_INS); its errors name the event and the fix
        return backend == PerfUtilFlags.Backend.PAPI ? PapiThreadSampler.open(events, threads)
                : PerfUtil.perThread(events, threads, log);
    }

    static CoreSampler coreSampler(List<String> events, PerfUtilFlags.Backend backend, NumaTopology topology,
            Consumer<String> log) {
        if (backend != PerfUtilFlags.Backend.PERF) {
            throw new IllegalStateException("per-core counting needs -XX:PerfUtilBackend=perf (PAPI counts per thread)");
        }
        return PerfUtil.perCore(events, topology, log);
    }
}
