package com.numa.vm;

import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.counters.CoreSampler;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.perfutil.threads.ThreadDirectory;
import com.numa.perfutil.topology.NumaTopology;
import java.util.List;
import java.util.function.Consumer;

/** The agent's only calls into perfutil's factories: thread inventory, topology, counter samplers. */
final class PerfUtilSources {

    private PerfUtilSources() {
    }

    /** This JVM's thread inventory, with {@code mainTid} registered as the main thread. */
    static ThreadDirectory threadDirectory(int mainTid) {
        throw new IllegalStateException("this build has no thread inventory");
    }

    /** The topology named by -XX:NUMATopology (auto, N pseudo-nodes, or explicit CPU lists). */
    static NumaTopology topology(String spec) {
        throw new IllegalStateException("this build cannot resolve topologies");
    }

    static ThreadSampler threadSampler(List<String> events, PerfUtilFlags.Backend backend, ThreadDirectory threads,
            Consumer<String> log) {
        throw new IllegalStateException("this build has no per-thread counters");
    }

    static CoreSampler coreSampler(List<String> events, PerfUtilFlags.Backend backend, NumaTopology topology,
            Consumer<String> log) {
        throw new IllegalStateException("this build has no per-core counters");
    }
}
