package com.numa.speedup;

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
     * stderr go, and, for a measured run, the JFR settings file, where JFR writes its recording and where PerfUtil
     * (task-clock per thread) writes its CSV. An unmeasured run has all three null.
     */
    record Request(List<String> javaArguments, Path log, Path jfrSettings, Path jfrOutput, Path perfUtilOutput) {
        public Request {
            javaArguments = List.copyOf(javaArguments);
        }

        public boolean measured() {
            return jfrSettings != null;
        }
    }

    /** How the run ended and where its artifacts are; {@code wallNs} spans process start to exit. */
    record Result(int exitCode, long wallNs, Path log, Path jfrOutput, Path perfUtilOutput) {
    }

    Result run(Request request) throws IOException, InterruptedException;
}
