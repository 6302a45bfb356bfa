package com.numa.core.window;

import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The measured part of a run: the iterations after warm-up. A harness marks each iteration (our built-in workloads
 * directly, DaCapo through our callback, Renaissance through our plugin); features that measure (PerfUtil, the
 * profiler) listen and count only inside the window; the characterization runner reads the iteration times back.
 *
 * <p>Where the marks go: every listener is called on the marking thread, and when the system property
 * {@value #FILE_PROPERTY} names a file, one JSON line per finished iteration is appended to it
 * ({@code {"benchmark":..., "iteration":..., "warmup":..., "passed":..., "duration_ns":..., "cpu_ns":...}}), so nothing
 * is printed on the application's own output. {@code cpu_ns} is the process's CPU time over the iteration (every
 * thread: the application's, the JIT's, the GC's, an agent's; user and system, as the kernel accounts it, in clock
 * ticks), -1 where the platform does not say.
 */
public final class MeasurementWindow {
    /** System property naming the file the iteration lines are appended to. */
    public static final String FILE_PROPERTY = "numa.iterations.file";

    /** What a feature does at the window's edges. */
    public interface Listener {
        /** An iteration starts; {@code warmup} iterations are outside the window. */
        void iterationStarted(boolean warmup);

        /** An iteration ended; the window so far ends here when it was not a warm-up. */
        void iterationEnded(boolean warmup);
    }

    private static final List<Listener> LISTENERS = new CopyOnWriteArrayList<>();
    private static volatile long startNs;
    private static volatile long startCpuNs;
    /** Whether {@link #prepareRecording} ran. */
    private static boolean prepared;

    private MeasurementWindow() {
    }

    public static void addListener(Listener listener) {
        LISTENERS.add(listener);
    }

    public static void removeListener(Listener listener) {
        LISTENERS.remove(listener);
    }

    /** Marks the start of iteration {@code iteration} (1-based) of {@code benchmark}. */
    public static void iterationStarted(String benchmark, int iteration, boolean warmup) {
        boolean recording = recording();
        if (recording && !prepared) {
            prepareRecording();
        }
        for (Listener l : LISTENERS) {
            l.iterationStarted(warmup);
        }
        startCpuNs = recording ? processCpuNs() : -1;
        startNs = System.nanoTime();
    }

    private static boolean recording() {
        String file = System.getProperty(FILE_PROPERTY);
        return file != null && !file.isBlank();
    }

    /**
     * Loads what the iteration line needs (JSON mapper, process information) before the listeners take their readings
     * at the first window start: cold, it costs the marking thread ~0.15 s, which would otherwise fall inside the
     * window. Once is enough (a race only loads it twice).
     */
    private static void prepareRecording() {
        JsonFiles.mapper();
        processCpuNs();
        prepared = true;
    }

    /** The process's CPU time so far (ProcessHandle reads the kernel's account, no JMX), or -1. */
    private static long processCpuNs() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }

    /** Marks its end; {@code passed} is the harness's verdict (a failed validation is reported, not hidden). */
    public static void iterationEnded(String benchmark, int iteration, boolean warmup, boolean passed) {
        iterationEnded(benchmark, iteration, warmup, passed, System.nanoTime() - startNs);
    }

    /** As {@link #iterationEnded(String, int, boolean, boolean)} with the harness's own duration. */
    public static void iterationEnded(String benchmark, int iteration, boolean warmup, boolean passed, long durationNs) {
        long cpuNs = recording() && startCpuNs >= 0 ? processCpuNs() : -1;
        for (Listener l : LISTENERS) {
            l.iterationEnded(warmup);
        }
        String file = System.getProperty(FILE_PROPERTY);
        if (file != null && !file.isBlank()) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("benchmark", benchmark);
            line.put("iteration", iteration);
            line.put("warmup", warmup);
            line.put("passed", passed);
            line.put("duration_ns", durationNs);
            line.put("cpu_ns", cpuNs < 0 ? -1 : cpuNs - startCpuNs);
            try {
                Files.writeString(Path.of(file), JsonFiles.mapper().writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                // the run goes on; the runner reports the missing iteration times
                System.err.println("numa: cannot append to " + file + ": " + e.getMessage());
            }
        }
    }
}
