package com.numa.junit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * The suite-level view: when a suite runs under the agent with the NUMAProfiler on (e.g. Surefire's argLine
 * {@code -javaagent:numa-agent.jar=NUMAProfiler,NUMAProfilerOnDemand,NUMAProfilerDiagnose}), every test is profiled
 * from its start to its end and, when a test class finishes, one summary of its tests is written to
 * {@code <NUMAProfilerOutput>/junit/<class>.csv} ({@link ClassSummary#COLUMNS}). Registered through
 * META-INF/services, so a project that has numa-junit on its test class path gets it; without the profiler it does
 * nothing (it never attaches the agent itself).
 */
public final class ProfileSummaryListener implements TestExecutionListener {
    private volatile boolean on;
    private final Map<String, ProfilerSpan> open = new ConcurrentHashMap<>();
    private final Map<String, List<ClassSummary.Row>> byClass = new ConcurrentHashMap<>();

    public ProfileSummaryListener() {
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        on = AgentLoader.profilerRunning();
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (on && test.isTest()) {
            open.put(test.getUniqueId(), ProfilerSpan.open());
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (!on) {
            return;
        }
        ProfilerSpan span = open.remove(test.getUniqueId());
        Optional<TestSource> source = test.getSource();
        if (span != null && source.isPresent() && source.get() instanceof MethodSource m) {
            byClass.computeIfAbsent(m.getClassName(), k -> new ArrayList<>())
                    .add(new ClassSummary.Row(test.getDisplayName(), result.getStatus().name(), span.close()));
        } else if (span != null) {
            span.close();
        }
        if (source.isPresent() && source.get() instanceof ClassSource c) {
            List<ClassSummary.Row> rows = byClass.remove(c.getClassName());
            Path dir = ProfilerSpan.outputDirectory();
            if (rows != null && dir != null) {
                try {
                    ClassSummary.write(dir.resolve("junit").resolve(c.getClassName() + ".csv"), rows);
                } catch (IOException | RuntimeException e) {
                    // the suite goes on: a summary is a report, never a reason for a test run to fail
                    System.err.println("numa-junit: cannot write the profile summary of " + c.getClassName() + " to "
                            + dir.resolve("junit") + ": " + e + " (check -XX:NUMAProfilerOutput names a writable directory)");
                }
            }
        }
    }
}
