package com.numa.perfutil.counters;

import java.util.List;

/** Cumulative counter values of one CPU (per-core scope: every task that ran on it), with the NUMA node index it belongs to. */
public record CoreSample(int cpu, int node, long timestampNs, List<CounterValue> values) {
}
