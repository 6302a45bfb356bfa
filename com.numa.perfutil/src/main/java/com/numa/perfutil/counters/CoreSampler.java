package com.numa.perfutil.counters;

import java.util.List;

/** Per-core counters (pid = -1, one group per CPU). Needs perf_event_paranoid <= 0 or CAP_PERFMON / root. */
public interface CoreSampler extends AutoCloseable {

    List<String> events();

    /** One cumulative sample per CPU. */
    List<CoreSample> sample();

    @Override
    void close();
}
