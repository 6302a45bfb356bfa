package com.numa.characterize.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import com.numa.core.window.MeasurementWindow;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.WorkloadSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every built-in workload, run in this JVM at size=small with two threads, as its main method runs it. */
class BuiltinWorkloadsTest {
    private static final WorkloadArguments SMALL = new WorkloadArguments(2, WorkloadSize.SMALL, 1, 2);

    private final List<MeasurementWindow.Listener> listeners = new ArrayList<>();

    @AfterEach
    void removeListeners() {
        listeners.forEach(MeasurementWindow::removeListener);
        System.clearProperty(MeasurementWindow.FILE_PROPERTY);
    }

    @ParameterizedTest
    @EnumSource(BuiltinWorkload.class)
    void marksEveryIterationWarmUpsFirstNumberedFromOne(BuiltinWorkload w, @TempDir Path dir) throws Exception {
        List<String> marks = new ArrayList<>();
        listen(new MeasurementWindow.Listener() {
            @Override
            public void iterationStarted(boolean warmup) {
                marks.add("start " + warmup);
            }

            @Override
            public void iterationEnded(boolean warmup) {
                marks.add("end " + warmup);
            }
        });
        Path file = dir.resolve("iterations.jsonl");
        System.setProperty(MeasurementWindow.FILE_PROPERTY, file.toString());

        IterationHarness.Result result = IterationHarness.run(w.benchmarkName(), SMALL, w::setUp);

        assertTrue(result.passed());
        assertEquals(List.of("start true", "end true", "start false", "end false", "start false", "end false"), marks);
        List<String> lines = Files.readAllLines(file);
        assertEquals(3, lines.size());
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = JsonFiles.mapper().readTree(lines.get(i));
            assertEquals(w.benchmarkName(), line.get("benchmark").asText());
            assertEquals(i + 1, line.get("iteration").asInt());
            assertEquals(i == 0, line.get("warmup").asBoolean());
            assertTrue(line.get("passed").asBoolean());
        }
    }

    @ParameterizedTest
    @EnumSource(BuiltinWorkload.class)
    void theSameNamedWorkersServeEveryIteration(BuiltinWorkload w) throws Exception {
        String prefix = w.benchmarkName() + "-worker-";
        List<Set<Thread>> seen = new ArrayList<>();
        listen(new MeasurementWindow.Listener() {
            @Override
            public void iterationStarted(boolean warmup) {
                seen.add(workers(prefix));
            }

            @Override
            public void iterationEnded(boolean warmup) {
                seen.add(workers(prefix));
            }
        });

        IterationHarness.run(w.benchmarkName(), SMALL, w::setUp);

        assertEquals(6, seen.size());
        Set<Thread> first = seen.get(0);
        assertEquals(expectedWorkers(w), first.size(), first.toString());
        for (Set<Thread> s : seen) {
            assertEquals(first, s, "the workers changed between iterations");
        }
        Set<String> names = first.stream().map(Thread::getName).collect(Collectors.toSet());
        for (int k = 0; k < first.size(); k++) {
            assertTrue(names.contains(prefix + k), names.toString());
        }
        for (Thread t : first) {
            assertFalse(t.isAlive(), t.getName() + " outlived the workload");
        }
    }

    @ParameterizedTest
    @EnumSource(BuiltinWorkload.class)
    void theChecksumDependsOnlyOnSizeAndThreads(BuiltinWorkload w) throws Exception {
        WorkloadArguments once = new WorkloadArguments(2, WorkloadSize.SMALL, 0, 1);
        IterationHarness.Result a = IterationHarness.run(w.benchmarkName(), once, w::setUp);
        IterationHarness.Result b = IterationHarness.run(w.benchmarkName(), once, w::setUp);
        assertTrue(a.passed() && b.passed());
        assertEquals(a.checksum(), b.checksum());
    }

    private static int expectedWorkers(BuiltinWorkload w) {
        return switch (w) {
            case SERIAL_WALK -> 0;
            case HALF_CORES_WALK -> HalfCoresWalk.workers();
            case DOMINANT_WORKER -> DominantWorker.WORKERS;
            default -> SMALL.threads();
        };
    }

    private static Set<Thread> workers(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix))
                .collect(Collectors.toSet());
    }

    private void listen(MeasurementWindow.Listener l) {
        listeners.add(l);
        MeasurementWindow.addListener(l);
    }
}
