package com.numa.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.io.PrintWriter;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs the JUnit tests of one package in this JVM, as Surefire would, and exits 0 when they all passed, 1 when one
 * failed (2 when none was found): the child side of {@link NumaJunitExampleEndToEndIT}.
 */
public final class ExampleSuiteMain {
    private ExampleSuiteMain() {
    }

    public static void main(String[] args) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectPackage(args[0]))
                .build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, summary);
        TestExecutionSummary s = summary.getSummary();
        s.printTo(new PrintWriter(System.out, true));
        s.printFailuresTo(new PrintWriter(System.out, true), 30);
        System.exit(s.getTestsFoundCount() == 0 ? 2 : s.getTotalFailureCount() == 0 ? 0 : 1);
    }
}
