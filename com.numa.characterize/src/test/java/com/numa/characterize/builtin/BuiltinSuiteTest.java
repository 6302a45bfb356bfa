package com.numa.characterize.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.ExpectedCategories;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.ParallelismCategory;
import com.numa.core.workload.WorkloadArguments;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BuiltinSuiteTest {
    private static final Path AGENT = Path.of("/opt/numa/numa-agent.jar");

    private static RunOptions options(List<String> only) {
        return new RunOptions(4, 1, 3, "default", false, only);
    }

    @Test
    void eachWorkloadAcceptsItsGroundTruthAndThePhilosophersImbalanceOnlyWhenTheVerdictSaysItIsWeak() {
        for (Benchmark b : new BuiltinSuite().benchmarks(options(List.of()))) {
            ExpectedCategories truth = b.groundTruth().orElseThrow();
            var acceptable = b.acceptableCategories().orElseThrow();
            assertTrue(acceptable.accepts(truth.parallelism().label(), truth.dataDependency().label(), "high"), b.name());
            boolean philosophers = b.name().equals("dining-philosophers");
            String imbalanced = ParallelismCategory.IMBALANCED.label();
            String dep = truth.dataDependency().label();
            assertEquals(philosophers, acceptable.accepts(imbalanced, dep, "low") && !truth.parallelism().label()
                    .equals(imbalanced), b.name());
            if (philosophers) {
                assertTrue(!acceptable.accepts(imbalanced, dep, "medium") && !acceptable.accepts(imbalanced, dep, "high"),
                        "Imbalanced only at low confidence");
            }
        }
    }

    @Test
    void oneWorkloadPerParallelismCategoryAndEveryDependencyCategory() {
        BuiltinSuite suite = new BuiltinSuite();
        assertEquals("builtin", suite.name());
        List<Benchmark> all = suite.benchmarks(options(List.of()));
        assertEquals(7, all.size());
        Set<ParallelismCategory> parallelism = EnumSet.noneOf(ParallelismCategory.class);
        Set<DataDependency> dependency = EnumSet.noneOf(DataDependency.class);
        for (Benchmark b : all) {
            assertTrue(b.marksIterations(), b.name());
            ExpectedCategories truth = b.groundTruth().orElseThrow();
            parallelism.add(truth.parallelism());
            dependency.add(truth.dataDependency());
        }
        // every category of the paper's (Uncertain is the classifier's answer to thin evidence, not a category)
        assertEquals(EnumSet.complementOf(EnumSet.of(ParallelismCategory.UNCERTAIN)), parallelism);
        assertEquals(EnumSet.complementOf(EnumSet.of(DataDependency.UNCERTAIN)), dependency);
        assertEquals(7, all.stream().map(Benchmark::name).collect(Collectors.toSet()).size());
    }

    @Test
    void theWorkloadsAfterPaperBenchmarksNameThem() {
        List<Benchmark> all = new BuiltinSuite().benchmarks(options(List.of()));
        assertEquals(Optional.of("scrabble"), find(all, SharedDictionary.NAME).paperCounterpart());
        assertEquals(Optional.of("philosophers"), find(all, DiningPhilosophers.NAME).paperCounterpart());
        assertEquals(Optional.of("fj-kmeans"), find(all, UnevenKMeans.NAME).paperCounterpart());
        assertEquals(new ExpectedCategories(ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.READ_WRITE),
                find(all, DiningPhilosophers.NAME).groundTruth().orElseThrow());
    }

    @Test
    void onlyTheAskedBenchmarksRunAndAnUnknownOneIsNamed() {
        List<Benchmark> some = new BuiltinSuite().benchmarks(options(List.of(SerialWalk.NAME, ParallelWalk.NAME)));
        assertEquals(List.of(SerialWalk.NAME, ParallelWalk.NAME), some.stream().map(Benchmark::name).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BuiltinSuite().benchmarks(options(List.of("lusearch"))));
        assertTrue(e.getMessage().contains("'lusearch'") && e.getMessage().contains(SerialWalk.NAME), e.getMessage());
    }

    @Test
    void theJavaArgumentsRunTheMainClassFromTheAgentJarWithTheRunsOptions() {
        Benchmark b = find(new BuiltinSuite().benchmarks(options(List.of())), ParallelWalk.NAME);
        assertEquals(List.of("-cp", AGENT.toString(), ParallelWalk.class.getName(), "threads=4", "size=default",
                "warmup=1", "iterations=3"), b.javaArguments(options(List.of()), AGENT));
        RunOptions quick = new RunOptions(0, 0, 1, "large", true, List.of());
        assertEquals(List.of("-cp", AGENT.toString(), ParallelWalk.class.getName(), "size=small", "warmup=0",
                "iterations=1"), b.javaArguments(quick, AGENT));
        // what we pass must parse back in the workload
        List<String> args = b.javaArguments(options(List.of()), AGENT);
        WorkloadArguments.parse(args.subList(3, args.size()).toArray(String[]::new));
    }

    private static Benchmark find(List<Benchmark> all, String name) {
        return all.stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }
}
