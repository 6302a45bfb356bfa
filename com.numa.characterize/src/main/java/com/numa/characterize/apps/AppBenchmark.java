package com.numa.characterize.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.SparkJvm;
import com.numa.core.apps.Application;
import com.numa.core.apps.AppsDirectory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A real application as the runner starts it: {@code -cp <program>/lib/*:drivers.jar:<agent jar> <driver>
 * threads= size= warmup= iterations=} (the built-in workloads' command line; the driver marks its iterations).
 */
final class AppBenchmark implements Benchmark {
    private final Application application;
    private final AppsDirectory directory;

    AppBenchmark(Application application, AppsDirectory directory) {
        this.application = application;
        this.directory = directory;
    }

    @Override
    public String name() {
        return application.name();
    }

    @Override
    public List<String> javaArguments(RunOptions options, Path agentJar) {
        return SparkJvm.withModuleOptions(options.harnessArguments(directory.classPath(application, agentJar),
                application.driverClass()));
    }

    @Override
    public boolean marksIterations() {
        return true;
    }

    @Override
    public Optional<String> paperCounterpart() {
        return application.counterpart();
    }

    @Override
    public String toString() {
        return name();
    }
}
