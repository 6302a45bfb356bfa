package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.trace.TraceEvent;
import com.numa.core.trace.TraceReader;
import com.numa.profiler.groundtruth.TraceProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** -XX:NUMAProfilerTrace: a ground-truth program's trace read back with TraceReader, tracing off, a bad path. */
class NumaProfilerTraceIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static final List<String> VERIFY = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal");

    private static ProfiledJvm.Result run(String name, List<String> flags, String main) throws Exception {
        List<String> all = new ArrayList<>(List.of("-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**",
                "-XX:+NUMAProfilerQuiet"));
        all.addAll(flags);
        ProfiledJvm.Result r = ProfiledJvm.run(name, VERIFY, all, GT + main);
        assertEquals(0, r.exitCode(), r.diagnostics());
        return r;
    }

    private static List<TraceEvent> read(Path file) throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        try (TraceReader in = TraceReader.open(file)) {
            for (TraceEvent e = in.next(); e != null; e = in.next()) {
                events.add(e);
            }
        }
        return events;
    }

    private static long count(List<TraceEvent> events, Class<? extends TraceEvent> kind) {
        return events.stream().filter(kind::isInstance).count();
    }

    private static int key(ProfiledJvm.Result r, String thread) throws Exception {
        return Integer.parseInt(r.row("threads.csv", "name", thread).get("thread_key"));
    }

    @Test
    void groundTruthProgramIsTracedExactly() throws Exception {
        Path trace = ProfiledJvm.outputRoot().resolve("trace-program.trace");
        Files.deleteIfExists(trace);
        ProfiledJvm.Result r = run("trace", List.of("-XX:NUMAProfilerTrace=" + trace), "TraceProgram");
        assertFalse(r.stderr().contains("numa: NUMAProfiler:"), r.diagnostics());
        List<TraceEvent> events = read(trace);
        int shared = TraceProgram.SHARED;
        int chain = TraceProgram.CHAIN;
        int main = key(r, "main");
        int[] workers = {key(r, "tracer-0"), key(r, "tracer-1")};

        assertEquals(3, count(events, TraceEvent.ThreadStart.class), "threads: main and two workers");
        assertEquals(3, count(events, TraceEvent.ThreadEnd.class));
        Set<Integer> started = new HashSet<>();
        events.stream().filter(e -> e instanceof TraceEvent.ThreadStart).forEach(e -> started.add(e.thread()));
        assertEquals(Set.of(main, workers[0], workers[1]), started);
        // main: the array, its boxes, two workers and two threads; each worker its chain
        assertEquals(1 + shared + 2 + 2 + 2 * chain, count(events, TraceEvent.Alloc.class));
        // main: the array's elements and the workers' constructors; each worker its chain and one shared box
        assertEquals(shared + 2 + 2 * (chain + 1), count(events, TraceEvent.Store.class));
        assertEquals(1, count(events, TraceEvent.Root.class));
        // each worker: its field, ROUNDS x SHARED x (array + box), the array once more
        assertEquals(2 * (1 + TraceProgram.ROUNDS * shared * 2 + 1), count(events, TraceEvent.Read.class));
        // main: the array's elements (its constructor writes precede the allocation record); each worker: chain + 1
        assertEquals(shared + 2 * (chain + 1), count(events, TraceEvent.Write.class));
        assertEquals(1, count(events, TraceEvent.Gc.class));

        // The reference graph, object -> slot -> target, as the program made it.
        Map<Integer, List<TraceEvent.Alloc>> allocs = new HashMap<>();
        Map<Long, Map<Integer, Long>> graph = new HashMap<>();
        long root = -1;
        for (TraceEvent e : events) {
            if (e instanceof TraceEvent.Alloc a) {
                allocs.computeIfAbsent(a.thread(), k -> new ArrayList<>()).add(a);
            } else if (e instanceof TraceEvent.Store s) {
                graph.computeIfAbsent(s.object(), k -> new HashMap<>()).put(s.slot(), s.target());
            } else if (e instanceof TraceEvent.Root rt) {
                root = rt.target();
            }
        }
        List<TraceEvent.Alloc> mainAllocs = allocs.get(main);
        TraceEvent.Alloc array = mainAllocs.get(0);
        assertEquals(shared, array.slots());
        assertEquals(array.object(), root, "the static field holds the array");
        for (int i = 0; i < shared; i++) {
            TraceEvent.Alloc box = mainAllocs.get(1 + i);
            assertEquals(1, box.slots());
            assertEquals(box.object(), graph.get(array.object()).get(i), "array[" + i + "]");
        }
        for (int w = 0; w < 2; w++) {
            TraceEvent.Alloc runnable = mainAllocs.get(1 + shared + 2 * w);
            assertEquals(array.object(), graph.get(runnable.object()).get(0), "worker " + w + "'s field");
            List<TraceEvent.Alloc> boxes = allocs.get(workers[w]);
            assertEquals(chain, boxes.size());
            for (int j = 0; j < chain; j++) {
                long previous = j == 0 ? 0 : boxes.get(j - 1).object();
                assertEquals(previous, graph.get(boxes.get(j).object()).get(0), "worker " + w + " box " + j);
            }
            long sharedBox = mainAllocs.get(1 + w).object();
            assertEquals(boxes.get(chain - 1).object(), graph.get(sharedBox).get(0), "chain head on shared box " + w);
        }
        try (var files = Files.list(trace.getParent())) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".partial")), "no draft left");
        }
    }

    @Test
    void tracingOffWritesNoTrace() throws Exception {
        Path dir = ProfiledJvm.outputRoot().resolve("trace-off");
        ProfiledJvm.Result r = run("trace-off", List.of(), "TraceProgram");
        assertTrue(Files.isRegularFile(r.output().resolve("summary.json")));
        assertFalse(r.file("summary.json").contains("\"trace\""), r.file("summary.json"));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".trace")
                    || p.getFileName().toString().endsWith(".partial")), "no trace written");
        }
    }

    @Test
    void unwritableTracePathIsOneMessageAndTheProgramRunsOn() throws Exception {
        Path notADirectory = ProfiledJvm.outputRoot().resolve("trace-bad-parent");
        Files.writeString(notADirectory, "a file, not a directory");
        Path trace = notADirectory.resolve("x.trace");
        ProfiledJvm.Result r = run("trace-bad", List.of("-XX:NUMAProfilerTrace=" + trace), "TraceProgram");
        List<String> lines = r.stderr().lines().filter(l -> l.startsWith("numa: NUMAProfiler:")).toList();
        assertEquals(1, lines.size(), r.diagnostics());
        assertTrue(lines.get(0).contains("cannot record the trace to " + trace.toAbsolutePath()), lines.get(0));
        assertTrue(Files.isRegularFile(r.output().resolve("summary.json")), "profiling went on");
        assertFalse(Files.exists(trace));
    }
}
