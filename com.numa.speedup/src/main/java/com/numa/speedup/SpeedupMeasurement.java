package com.numa.speedup;

import com.numa.core.io.AtomicFiles;
import com.numa.speedup.clock.ThreadClockAgent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * What a measured run adds to the application's java command line, decided in one place for {@code numa
 * speedup-stack} and for the cost bench ({@code com.numa.bench.speedup.SpeedupOverhead}): a JFR recording of only the
 * events the equations need ({@link JfrSettings}) and the thread clock ({@link ThreadClockAgent}), a java agent jar of
 * one class that this writes next to the results. Nothing else: no numa agent, no PerfUtil, no instrumentation.
 */
public final class SpeedupMeasurement {
    /** The thread clock's default interval: a worker misses at most this much of its CPU time, at its end. */
    public static final int DEFAULT_CLOCK_INTERVAL_MS = 10;
    static final String AGENT_JAR = "speedup-thread-clock.jar";

    private final Path agentJar;
    private final int clockIntervalMs;

    private SpeedupMeasurement(Path agentJar, int clockIntervalMs) {
        this.agentJar = agentJar;
        this.clockIntervalMs = clockIntervalMs;
    }

    /** Writes the thread clock's agent jar and {@code speedup.jfc} (the JFR settings, for reference) into {@code dir}. */
    public static SpeedupMeasurement in(Path dir, int clockIntervalMs) throws IOException {
        if (clockIntervalMs < 1) {
            throw new IllegalArgumentException("the thread clock interval must be 1 ms or more, not " + clockIntervalMs);
        }
        Path abs = dir.toAbsolutePath();
        Files.createDirectories(abs);
        AtomicFiles.writeString(abs.resolve("speedup.jfc"), JfrSettings.jfc());
        Path jar = abs.resolve(AGENT_JAR);
        if (jar.toString().contains("=")) {
            throw new IllegalArgumentException("-javaagent cannot take " + jar + " (its path has a '='); use an output "
                    + "directory without one");
        }
        AtomicFiles.writeBytes(jar, agentJarBytes());
        return new SpeedupMeasurement(jar, clockIntervalMs);
    }

    /** The java options of a measured run: JFR writing {@code recording}, the thread clock writing {@code clockCsv}. */
    public List<String> jvmOptions(Path recording, Path clockCsv) {
        List<String> options = new ArrayList<>(jfrOptions(recording));
        options.addAll(clockOptions(clockCsv));
        return options;
    }

    /** JFR alone (for the cost bench's breakdown). */
    public List<String> jfrOptions(Path recording) {
        return List.of(JfrSettings.startOption(recording));
    }

    /** The thread clock alone (for the cost bench's breakdown). */
    public List<String> clockOptions(Path clockCsv) {
        return List.of("-javaagent:" + agentJar + "=" + clockIntervalMs + ":" + clockCsv.toAbsolutePath());
    }

    /** A jar holding {@link ThreadClockAgent}'s class file and a manifest naming it the premain class. */
    static byte[] agentJarBytes() throws IOException {
        String entry = ThreadClockAgent.class.getName().replace('.', '/') + ".class";
        byte[] classFile;
        try (InputStream in = ThreadClockAgent.class.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                throw new IOException(entry + " is missing from the class path");
            }
            classFile = in.readAllBytes();
        }
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Premain-Class", ThreadClockAgent.class.getName());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, mf)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(classFile);
            out.closeEntry();
        }
        return bytes.toByteArray();
    }
}
