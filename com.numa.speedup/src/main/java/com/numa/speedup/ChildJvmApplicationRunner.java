package com.numa.speedup;

import com.numa.core.child.ApplicationFailure;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.TargetJava;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link ApplicationRunner} through the one child-JVM launcher ({@link ChildJvm}): a measured run gets the options of
 * {@link SpeedupMeasurement} (JFR and the thread clock) before the application's own; the child's stdout and stderr go
 * to the run's log. Nothing else belongs here.
 */
final class ChildJvmApplicationRunner implements ApplicationRunner {
    private final TargetJava java;
    private final SpeedupMeasurement measurement;

    ChildJvmApplicationRunner(TargetJava java, SpeedupMeasurement measurement) {
        this.java = java;
        this.measurement = measurement;
    }

    @Override
    public Result run(Request request) throws IOException {
        ChildJvm child = ChildJvm.on(java);
        if (request.measured()) {
            child.options(request.clockOutput() == null ? measurement.jfrOptions(request.jfrOutput())
                    : measurement.jvmOptions(request.jfrOutput(), request.clockOutput()));
        }
        ChildRun r = child.launch(request.javaArguments()).run();
        Files.createDirectories(request.log().toAbsolutePath().getParent());
        Files.writeString(request.log(), r.stdout() + r.stderr());
        return new Result(r.exitCode(), r.wallNs(), request.log(), request.jfrOutput(), request.clockOutput(),
                ApplicationFailure.of(r).orElse(null));
    }
}
