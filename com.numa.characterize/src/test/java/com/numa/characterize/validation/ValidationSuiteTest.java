package com.numa.characterize.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.suite.AcceptableCategories;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidationSuiteTest {
    @TempDir
    Path tmp;

    private static RunOptions options(int threads, String size, List<String> only) {
        return new RunOptions(threads, 1, 2, size, true, only);
    }

    private ValidationSuite suite(int java) throws Exception {
        Path jar = Files.writeString(tmp.resolve("numa-validation.jar"), "");
        return new ValidationSuite(java, 2, () -> jar);
    }

    @Test
    void theRegistryCoversEveryParallelismTheCorpusNeedsAndStatesWhyForEachProgram() {
        List<ValidationProgram> all = ValidationPrograms.all(17, 2);
        assertEquals(all.size(), all.stream().map(ValidationProgram::name).collect(Collectors.toSet()).size(), "unique names");
        for (ValidationProgram p : all) {
            assertTrue(p.mainClass().startsWith("com.numa.validation."), p.name());
            assertFalse(p.truth().why().isBlank(), p.name() + " says why its answers are acceptable");
        }
        Set<String> parallelism = all.stream().flatMap(p -> p.truth().parallelism().stream()).collect(Collectors.toSet());
        assertTrue(parallelism.containsAll(Set.of("Single-Threaded", "Explicitly Parallel", AcceptableCategories.UNCERTAIN)));
        List<ValidationProgram> tooShort = all.stream().filter(p -> p.name().startsWith("too-short-")).toList();
        assertEquals(2, tooShort.size());
        // a run too short to judge has an uncertain parallelism, never a category; its dependencies may be known
        tooShort.forEach(p -> assertEquals(Set.of("Uncertain"), p.truth().parallelism(), p.name()));
    }

    @Test
    void completableFuturesDependOnTheJavaAndTheCpus() {
        assertEquals(Set.of("Explicitly Parallel", "Uncertain"), ValidationPrograms.completableFutureParallelism(17, 2),
                "Java 17 on 2 CPUs: a new thread per async stage, each living a few milliseconds");
        assertEquals(Set.of("TLP-Bound"), ValidationPrograms.completableFutureParallelism(25, 2),
                "Java 25 on 2 CPUs: the common pool's one thread");
        assertEquals(Set.of("TLP-Bound", "Explicitly Parallel"), ValidationPrograms.completableFutureParallelism(17, 8));
        assertEquals(Set.of("TLP-Bound", "Explicitly Parallel"), ValidationPrograms.completableFutureParallelism(21, 2));
    }

    @Test
    void argumentsFollowTheThreadsAndTheSize() throws Exception {
        ValidationSuite s = suite(17);
        Benchmark map = s.benchmarks(options(3, "default", List.of("synchronized-map"))).get(0);
        List<String> args = map.javaArguments(options(3, "default", List.of()), Path.of("agent.jar"));
        assertEquals(List.of("-cp", tmp.resolve("numa-validation.jar").toString(), "com.numa.validation.SynchronizedMapCounter",
                "6", "21333333"), args, "twice the threads; the contended amount: four times the small size, times 2/3");
        assertEquals(List.of("4", "8000000"), arguments("synchronized-map", 2), "on 2 CPUs the amount as written");
        assertEquals(List.of("32", "1000000"), arguments("synchronized-map", 16),
                "on 16 CPUs the 32 threads together do what 4 do on 2 CPUs");
        assertEquals(List.of("16", "30000000", "1000"), arguments("account-transfers", 16),
                "a per-thread amount that is not contended stays per thread");
        Benchmark shortRun = s.benchmarks(options(2, "large", List.of("too-short-single-threaded"))).get(0);
        assertEquals(List.of("20000", "1"), shortRun.javaArguments(options(2, "large", List.of()), Path.of("a")).subList(3, 5),
                "a run too short to judge keeps its size");
        assertFalse(map.marksIterations(), "a user's program: its whole run is measured");
        assertEquals("Explicitly Parallel, Read & Write Dependencies", map.acceptableCategories().orElseThrow().describe());
    }

    /** The program's arguments after the main class, at the small size on {@code threads} threads. */
    private List<String> arguments(String program, int threads) throws Exception {
        Benchmark b = suite(17).benchmarks(options(threads, "small", List.of(program))).get(0);
        List<String> all = b.javaArguments(options(threads, "small", List.of()), Path.of("agent.jar"));
        return all.subList(3, all.size());
    }

    @Test
    void virtualThreadsAreLeftOutBeforeJava21AndSaidSo() throws Exception {
        RunOptions all = options(2, "small", List.of());
        assertTrue(suite(17).benchmarks(all).stream().noneMatch(b -> b.name().equals("virtual-threads")));
        assertEquals(List.of("virtual-threads is not run: it needs Java 21 or newer, the target java is 17"), suite(17).leftOut(all));
        assertTrue(suite(25).benchmarks(all).stream().anyMatch(b -> b.name().equals("virtual-threads")));
        assertEquals(List.of(), suite(25).leftOut(all));
    }

    @Test
    void badInputNamesTheProblem() throws Exception {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> suite(17).benchmarks(options(2, "small", List.of("nosuch"))));
        assertTrue(unknown.getMessage().contains("no validation program 'nosuch'") && unknown.getMessage().contains("fork-join"));
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> suite(17).benchmarks(options(2, "huge", List.of())));
        assertTrue(size.getMessage().contains("small, default, large"), size.getMessage());
        ValidationSuite missing = new ValidationSuite(17, 2, () -> tmp.resolve("nowhere.jar"));
        IllegalArgumentException jar = assertThrows(IllegalArgumentException.class,
                () -> missing.benchmarks(options(2, "small", List.of())));
        assertTrue(jar.getMessage().contains("nowhere.jar") && jar.getMessage().contains("mvn -B -q package"), jar.getMessage());
    }

    @Test
    void theJarIsFoundInTheAgentJarsCheckoutAndBuildFolder() {
        Path agent = Path.of("/src/numa/com.numa.vm/target-x/numa-agent.jar");
        assertEquals(Path.of("/src/numa/validation/target-x/numa-validation.jar"), ValidationSuite.locate(agent));
    }

    @Test
    void acceptableCategoriesAreKnownLabelsComparedByLabel() {
        AcceptableCategories a = new AcceptableCategories(Set.of("Explicitly Parallel", "Imbalanced"),
                Set.of("Read-Only Dependencies"), "why");
        assertTrue(a.accepts("Imbalanced", "Read-Only Dependencies"));
        assertTrue(a.accepts("Explicitly Parallel", null), "not profiled: judged on parallelism alone");
        assertFalse(a.accepts("TLP-Bound", "Read-Only Dependencies"));
        assertFalse(a.accepts("Imbalanced", "Data Parallel"));
        assertThrows(IllegalArgumentException.class, () -> new AcceptableCategories(Set.of("Parallel-ish"), Set.of("Data Parallel"), ""));
        assertThrows(IllegalArgumentException.class, () -> new AcceptableCategories(Set.of(), Set.of("Data Parallel"), ""));
    }

    @Test
    void aWeakAnswerIsAcceptableOnlyAtLowConfidenceOrBelow() {
        AcceptableCategories brief = new AcceptableCategories(Set.of("Explicitly Parallel", "Uncertain"),
                Set.of("Data Parallel"), "why", Set.of("Imbalanced"));
        assertTrue(brief.accepts("Imbalanced", "Data Parallel", "low"));
        assertTrue(brief.accepts("Imbalanced", null, "uncertain"));
        assertFalse(brief.accepts("Imbalanced", "Data Parallel", "medium"), "never a confident Imbalanced");
        assertFalse(brief.accepts("Imbalanced", "Data Parallel"), "without a confidence, only the firm answers");
        assertTrue(brief.accepts("Explicitly Parallel", "Data Parallel", "high"));
        assertEquals("Explicitly Parallel or Uncertain (Imbalanced at low confidence), Data Parallel", brief.describe());
        ValidationProgram p = ValidationPrograms.all(17, 2).stream().filter(x -> x.name().equals("brief-thread-confined"))
                .findFirst().orElseThrow();
        assertFalse(p.truth().acceptsParallelism("Imbalanced", "medium"), "the issue's 150 ms run: Imbalanced, medium");
        assertTrue(p.truth().acceptsParallelism("Imbalanced", "low"));
        for (String heavy : List.of("one-heavy-thread", "one-heavy-task")) {
            ValidationProgram h = ValidationPrograms.all(17, 2).stream().filter(x -> x.name().equals(heavy)).findFirst()
                    .orElseThrow();
            assertFalse(h.truth().acceptsParallelism("Explicitly Parallel", "high"), heavy + ": the issue's answer");
            assertTrue(h.truth().acceptsParallelism("Embarrassingly Imbalanced", "high"), heavy);
        }
    }
}
