package com.numa.speedup;

import com.numa.core.child.ApplicationFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Starts the application in a child JVM, once: the only place where speedup-stack starts a JVM
 * ({@link ChildJvmApplicationRunner}, through the shared launcher), and the seam tests script.
 */
public interface ApplicationRunner {

    /**
     * One run: the java arguments (options, then class or -jar and the application's arguments), where stdout and
     * stderr go, and, for a measured run, where JFR writes its recording and where the thread clock
     * ({@link SpeedupMeasurement}) writes its table. An unmeasured run has both null.
     */
    record Request(List<String> javaArguments, Path log, Path jfrOutput, Path clockOutput) {
        public Request {
            javaArguments = List.copyOf(javaArguments);
        }

        public boolean measured() {
            return jfrOutput != null;
        }
    }

    /**
     * How one run ended and where its artifacts are; {@code wallNs} spans process start to exit; {@code failure} says
     * how the application failed (its exit code and last lines on stderr, or its crash), null when it exited 0.
     */
    record Result(int exitCode, long wallNs, Path log, Path jfrOutput, Path clockOutput, ApplicationFailure failure) {
        /** A scripted run: a non-zero exit is a failure with nothing on stderr. */
        Result(int exitCode, long wallNs, Path log, Path jfrOutput, Path clockOutput) {
            this(exitCode, wallNs, log, jfrOutput, clockOutput,
                    exitCode == 0 ? null : new ApplicationFailure(exitCode, null, List.of()));
        }
    }

    Result run(Request request) throws IOException, InterruptedException;
}
