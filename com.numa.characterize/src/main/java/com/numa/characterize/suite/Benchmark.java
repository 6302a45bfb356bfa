package com.numa.characterize.suite;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One application of a suite, as the runner starts it: the java arguments after the JVM options (class path, main
 * class or {@code -jar}, application arguments). Iterations are marked through
 * {@link com.numa.core.window.MeasurementWindow} (built-in workloads directly, DaCapo through our callback,
 * Renaissance through our plugin); a benchmark that marks none is measured over its whole run.
 */
public interface Benchmark {

    /** The name in tables and on the command line ({@code --bench}). */
    String name();

    /**
     * The java arguments that run it with {@code options}. {@code agentJar}: where numa-jvm's classes are on a class
     * path (the plain copy of the agent jar's, see com.numa.core.child.AgentJar#plainClasses), which holds the
     * callback and plugin classes a harness loads (put it on the class path where the harness needs them). A
     * benchmark that {@link #marksIterations} runs with the agent's API on, so that its marks reach the agent.
     */
    List<String> javaArguments(RunOptions options, Path agentJar);

    /** True when it marks iterations; false: the whole run is the window (a plain application), or {@link #methodWindow}. */
    boolean marksIterations();

    /** The methods between which a benchmark that marks no iterations is measured ({@code --start-at/--stop-at}). */
    default Optional<MethodSpan> methodWindow() {
        return Optional.empty();
    }

    /** The benchmark of the ISMM'23 study this one stands for (e.g. lusearch for Lucene search), if any. */
    default Optional<String> paperCounterpart() {
        return Optional.empty();
    }

    /** The categories it is built to fall into (built-in workloads), for the report and the tests. */
    default Optional<ExpectedCategories> groundTruth() {
        return Optional.empty();
    }

    /**
     * The answers the study may give for it, compared by label in categories.csv: exactly its {@link #groundTruth()} by
     * default; a benchmark whose categories are genuinely ambiguous lists each acceptable answer and says why.
     */
    default Optional<AcceptableCategories> acceptableCategories() {
        return groundTruth().map(AcceptableCategories::exactly);
    }
}
