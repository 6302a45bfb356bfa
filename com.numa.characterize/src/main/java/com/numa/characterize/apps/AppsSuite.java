package com.numa.characterize.apps;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.SparkJvm;
import com.numa.characterize.suite.Suite;
import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.apps.AppsDirectory;
import com.numa.core.child.AgentJar;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code --suite apps}: the real applications of {@link Applications}, run from the apps directory the build filled.
 * The directory is looked up when the benchmarks are asked for, so a missing build is one error before anything runs.
 */
public final class AppsSuite implements Suite {
    private final Supplier<AppsDirectory> directory;
    private final int javaFeature;

    /**
     * The directory found from the packaged agent jar (or the property / environment that names it); {@code
     * javaFeature}: the target java's version (negative when unknown), which the Spark applications need at most 21.
     */
    public AppsSuite(int javaFeature) {
        this(() -> AppsDirectory.locate(AgentJar.packaged(AppsSuite.class)), javaFeature);
    }

    public AppsSuite(Supplier<AppsDirectory> directory) {
        this(directory, -1);
    }

    public AppsSuite(Supplier<AppsDirectory> directory, int javaFeature) {
        this.directory = directory;
        this.javaFeature = javaFeature;
    }

    @Override
    public String name() {
        return "apps";
    }

    @Override
    public List<Benchmark> benchmarks(RunOptions options) {
        List<String> known = Applications.all().stream().map(Application::name).toList();
        options.checkOnly(known, "application", "apps suite");
        List<Application> chosen = new ArrayList<>();
        for (Application a : Applications.all()) {
            if (options.wants(a.name()) && runsHere(a)) {
                chosen.add(a);
            }
        }
        AppsDirectory dir = directory.get().check(chosen);
        List<Benchmark> out = new ArrayList<>();
        for (Application a : chosen) {
            out.add(new AppBenchmark(a, dir));
        }
        return List.copyOf(out);
    }

    @Override
    public List<String> leftOut(RunOptions options) {
        return Applications.all().stream().filter(a -> options.wants(a.name()) && !runsHere(a))
                .map(a -> a.name() + " is not run: " + SparkJvm.unsupportedOn(javaFeature).orElseThrow()).toList();
    }

    /** The Spark applications need a Java that Spark supports. */
    private boolean runsHere(Application a) {
        return !a.module().equals(Applications.SPARK) || SparkJvm.unsupportedOn(javaFeature).isEmpty();
    }
}
