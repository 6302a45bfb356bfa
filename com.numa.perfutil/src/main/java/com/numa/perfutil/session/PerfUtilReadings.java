package com.numa.perfutil.session;

import com.numa.perfutil.counters.CoreSample;
import com.numa.perfutil.counters.ThreadSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latest cumulative reading of every thread and CPU seen during the run. Threads that ended keep their final
 * reading, so the CSV written at exit covers every thread that ever ran, not only the survivors.
 */
final class PerfUtilReadings {
    private record ThreadKey(int tid, long javaId, String name) {
    }

    private final Map<ThreadKey, ThreadSample> threads = new LinkedHashMap<>();
    private final Map<Integer, CoreSample> cores = new LinkedHashMap<>();

    void addThreads(List<ThreadSample> samples) {
        for (ThreadSample s : samples) {
            threads.put(new ThreadKey(s.thread().tid(), s.thread().javaId(), s.thread().name()), s);
        }
    }

    void addCores(List<CoreSample> samples) {
        for (CoreSample s : samples) {
            cores.put(s.cpu(), s);
        }
    }

    /** Every thread's latest reading, in the order threads were first seen. */
    List<ThreadSample> threads() {
        return new ArrayList<>(threads.values());
    }

    /** Every CPU's latest reading, in the order CPUs were first seen. */
    List<CoreSample> cores() {
        return new ArrayList<>(cores.values());
    }
}
