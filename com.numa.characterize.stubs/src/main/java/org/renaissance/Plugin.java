package org.renaissance;

/**
 * numa-jvm's compile-time stand-in for Renaissance 0.16's plugin API: the marker type and its listener interfaces
 * with the same names and method signatures. The harness finds what a plugin listens to by the interfaces its class
 * implements. At run time the Renaissance jar's own interfaces are used (this module is a {@code provided}
 * dependency and never shaded into the agent jar).
 */
public interface Plugin {

    /** The harness has set itself up; no benchmark has run yet. */
    interface AfterHarnessInitListener extends Plugin {
        void afterHarnessInit();
    }

    /** The harness is about to exit. */
    interface BeforeHarnessShutdownListener extends Plugin {
        void beforeHarnessShutdown();
    }

    /** A benchmark is about to be set up (once per benchmark, before its first repetition). */
    interface BeforeBenchmarkSetUpListener extends Plugin {
        void beforeBenchmarkSetUp(String benchmark);
    }

    /** A benchmark has been set up. */
    interface AfterBenchmarkSetUpListener extends Plugin {
        void afterBenchmarkSetUp(String benchmark);
    }

    /** A benchmark is about to be torn down (also after a failed repetition). */
    interface BeforeBenchmarkTearDownListener extends Plugin {
        void beforeBenchmarkTearDown(String benchmark);
    }

    /** A benchmark has been torn down. */
    interface AfterBenchmarkTearDownListener extends Plugin {
        void afterBenchmarkTearDown(String benchmark);
    }

    /** Repetition {@code opIndex} (from 0) is set up; the timed operation starts right after this call. */
    interface AfterOperationSetUpListener extends Plugin {
        void afterOperationSetUp(String benchmark, int opIndex, boolean isLastOp);
    }

    /** The timed operation of repetition {@code opIndex} ended after {@code durationNanos}; validation follows. */
    interface BeforeOperationTearDownListener extends Plugin {
        void beforeOperationTearDown(String benchmark, int opIndex, long durationNanos);
    }

    /** A metric of a validated repetition (the harness's own: {@code duration_ns}, {@code uptime_ns}). */
    interface MeasurementResultListener extends Plugin {
        void onMeasurementResult(String benchmark, String metric, long value);
    }

    /** A plugin that adds metrics of its own to a repetition's results. */
    interface MeasurementResultPublisher extends Plugin {
        void onMeasurementResultsRequested(String benchmark, int opIndex, MeasurementResultListener dispatcher);
    }

    /** A benchmark failed (an exception or a failed validation). */
    interface BenchmarkFailureListener extends Plugin {
        void onBenchmarkFailure(String benchmark);
    }

    /** A plugin that decides how many repetitions run. */
    interface ExecutionPolicy extends Plugin {
        boolean canExecute(String benchmark, int opIndex);

        boolean isLast(String benchmark, int opIndex);
    }
}
