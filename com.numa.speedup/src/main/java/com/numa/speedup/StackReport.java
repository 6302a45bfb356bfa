package com.numa.speedup;

import java.util.List;
import java.util.Map;

/**
 * Everything the output files show: the stacks (one per thread count above 1), what was run, and the median wall
 * times with and without the measurement, whose ratio is the measurement's cost.
 */
record StackReport(List<String> javaArguments, int repeat, List<SpeedupStack> stacks, Map<Integer, Long> plainWallNs,
                   Map<Integer, Long> measuredWallNs, List<String> warnings) {
    StackReport {
        javaArguments = List.copyOf(javaArguments);
        stacks = List.copyOf(stacks);
        plainWallNs = Map.copyOf(plainWallNs);
        measuredWallNs = Map.copyOf(measuredWallNs);
        warnings = List.copyOf(warnings);
    }

    /** Median measured over median unmeasured wall time, minus one, in percent; JVM start-up included. */
    double overheadPct(int threads) {
        return 100.0 * (measuredWallNs.get(threads) / (double) plainWallNs.get(threads) - 1);
    }
}
