package com.numa.speedup;

import java.util.List;
import java.util.Map;

/**
 * Everything the output files show: the stacks (one per thread count above 1), what was run, the median wall times
 * with and without the measurement, and the measurement's fixed start-up cost ({@link StartupProbe}).
 */
record StackReport(String title, List<String> javaArguments, int repeat, List<SpeedupStack> stacks,
                   Map<Integer, Long> plainWallNs, Map<Integer, Long> measuredWallNs, MeasurementStartup startup,
                   List<String> warnings) {
    StackReport {
        javaArguments = List.copyOf(javaArguments);
        stacks = List.copyOf(stacks);
        plainWallNs = Map.copyOf(plainWallNs);
        measuredWallNs = Map.copyOf(measuredWallNs);
        warnings = List.copyOf(warnings);
    }

    /** Median measured over median unmeasured wall time, minus one, in percent, the fixed start-up included. */
    double overheadPct(int threads) {
        return 100.0 * (measuredWallNs.get(threads) / (double) plainWallNs.get(threads) - 1);
    }

    /** The same without the fixed start-up: what the measurement costs while the application runs. */
    double runningOverheadPct(int threads) {
        return 100.0 * ((measuredWallNs.get(threads) - startup.wallNs()) / (double) plainWallNs.get(threads) - 1);
    }
}
