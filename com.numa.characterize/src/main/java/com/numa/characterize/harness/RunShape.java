package com.numa.characterize.harness;

import com.numa.characterize.suite.RunOptions;

/** The iteration counts both suites pass to their harness: {@code W} warm-ups, then {@code I >= 1} measured. */
final class RunShape {

    private RunShape() {
    }

    static void check(RunOptions options) {
        if (options.warmup() < 0 || options.iterations() < 1) {
            throw new IllegalArgumentException("a harness run needs 0 or more warm-up and 1 or more measured iterations, not "
                    + options.warmup() + " and " + options.iterations());
        }
    }

    /** How many iterations the harness runs: {@code W + I}. */
    static int total(RunOptions options) {
        return options.warmup() + options.iterations();
    }
}
