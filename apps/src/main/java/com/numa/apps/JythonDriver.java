package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.python.core.PyObject;
import org.python.util.PythonInterpreter;

/**
 * jython: Jython 2.7 interprets a generated Python program ({@link PythonScript}) whose N {@code threading.Thread}s
 * build and merge dictionaries, as DaCapo's jython runs Python code on Jython. Jython is initialised once at set-up
 * (its start-up is not measured, as DaCapo's warm-up would absorb it); each iteration runs the script in a fresh
 * interpreter namespace and returns the {@code checksum} it computed.
 */
public final class JythonDriver implements Workload {
    static final String NAME = "jython";
    /** Rounds of 200 words per task at size small; times the size's scale. */
    static final int ROUNDS = 10;

    private final Scratch scratch = new Scratch(NAME);
    private final Path script;

    JythonDriver(WorkloadArguments arguments) {
        script = writeScript(scratch.dir(), arguments.threads(), ROUNDS * arguments.size().scale());
        Properties settings = new Properties();
        // no package scan of the class path into a cache directory: the script imports no Java package
        settings.setProperty("python.cachedir.skip", "true");
        settings.setProperty("python.console.encoding", "UTF-8");
        PythonInterpreter.initialize(System.getProperties(), settings, new String[] {script.toString()});
    }

    /** Writes the script for {@code threads} threads into {@code dir}; the corpus test runs it with Jython's launcher. */
    static Path writeScript(Path dir, int threads, int rounds) {
        Path file = dir.resolve("corpus.py");
        try {
            return Files.writeString(file, PythonScript.text(threads, rounds), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, JythonDriver::new);
    }

    @Override
    public long iteration() {
        try (PythonInterpreter python = new PythonInterpreter()) {
            python.set("__name__", "corpus"); // not "__main__": the script prints its checksum only when run as a program
            python.execfile(script.toString());
            PyObject checksum = python.get("checksum");
            if (checksum == null) {
                throw new IllegalStateException("the script set no checksum");
            }
            return checksum.asLong();
        }
    }

    @Override
    public void close() {
        scratch.close();
    }
}
