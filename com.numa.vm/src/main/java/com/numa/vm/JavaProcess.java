package com.numa.vm;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** Runs the target java with the launcher's terminal, and ends it when the launcher itself is told to stop. */
final class JavaProcess {
    /** Exit code when java could not be started at all (the shell's "command not executable"). */
    static final int CANNOT_START = 126;

    private JavaProcess() {
    }

    static int run(List<String> command, PrintStream err) {
        Process p;
        try {
            p = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            err.println("numa: cannot start " + command.get(0) + ": " + e.getMessage() + " (check JAVA_HOME)");
            return CANNOT_START;
        }
        // A SIGTERM to the launcher must not orphan the application.
        Thread stopChild = new Thread(() -> {
            if (p.isAlive()) {
                p.destroy();
            }
        }, "numa-launcher-stop-child");
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            int code = p.waitFor();
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway and finds the child gone
            }
            return code;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
            return 130;
        }
    }
}
