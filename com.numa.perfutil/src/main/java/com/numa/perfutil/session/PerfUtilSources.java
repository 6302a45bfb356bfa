package com.numa.perfutil.session;

import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.counters.CoreSampler;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.perfutil.papi.PapiThreadSampler;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.topology.NumaTopology;
import java.util.List;
import java.util.function.Consumer;

/** The session's counter samplers, per backend and scope. */
final class PerfUtilSources {

    private PerfUtilSources() {
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
