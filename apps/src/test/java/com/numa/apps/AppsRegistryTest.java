package com.numa.apps;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.apps.AppsDirectory;
import com.numa.characterize.apps.AppsSuite;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry against what the build resolved: every program is there, alone in its directory, every driver exists. */
class AppsRegistryTest {
    private static final AppsDirectory BUILT = AppsDirectory.at(Path.of(System.getProperty(AppsDirectory.PROPERTY)));

    @Test
    void everyApplicationHasItsProgramAndDriver() throws IOException {
        for (Application a : Applications.builtBy(Application.APPS_MODULE)) {
            try (Stream<Path> jars = Files.list(BUILT.lib(a))) {
                assertTrue(jars.anyMatch(j -> j.toString().endsWith(".jar")), a.name() + ": no jar in " + BUILT.lib(a));
            }
            assertDoesNotThrow(() -> Class.forName(a.driverClass()).getMethod("main", String[].class), a.name());
            assertTrue(a.counterpart().isPresent(), a.name() + " stands for a benchmark of the study");
        }
    }

    @Test
    void programsDoNotShareJars() throws IOException {
        // one program's libraries on another's class path would change what runs (e.g. Xalan as PMD's XSLT engine)
        Map<String, String> owner = new HashMap<>();
        for (Application a : Applications.builtBy(Application.APPS_MODULE)) {
            try (Stream<Path> jars = Files.list(BUILT.lib(a))) {
                for (Path j : jars.toList()) {
                    String previous = owner.putIfAbsent(j.getFileName().toString(), a.program());
                    assertTrue(previous == null || previous.equals(a.program()),
                            j.getFileName() + " is in both " + previous + " and " + a.program());
                }
            }
        }
    }

    /**
     * The command line, checked on a directory laid out like a built one: this runs in the test phase, before the
     * package phase builds drivers.jar.
     */
    @Test
    void suiteRunsTheDriverWithTheBuiltinCommandLine(@TempDir Path built) throws Exception {
        Files.writeString(built.resolve(Applications.DRIVERS_JAR), "");
        AppsDirectory dir = AppsDirectory.at(built);
        for (Application a : Applications.builtBy(Application.APPS_MODULE)) {
            Files.createDirectories(dir.lib(a));
        }
        List<Benchmark> b = new AppsSuite(() -> dir).benchmarks(new RunOptions(2, 1, 2, "", true, List.of("h2")));
        assertEquals(1, b.size());
        assertTrue(b.get(0).marksIterations());
        assertEquals("h2", b.get(0).paperCounterpart().orElseThrow());
        List<String> args = b.get(0).javaArguments(new RunOptions(2, 1, 2, "", true, List.of()), Path.of("/x/numa-agent.jar"));
        assertEquals("-cp", args.get(0));
        assertTrue(args.get(1).startsWith(built.resolve("h2/lib") + "/*:"), args.get(1));
        assertTrue(args.get(1).endsWith(":/x/numa-agent.jar"), args.get(1));
        assertEquals(List.of("com.numa.apps.H2Driver", "threads=2", "size=small", "warmup=1", "iterations=2"),
                args.subList(2, args.size()));
    }

    @Test
    void sparkApplicationsAreLeftOutWithTheReasonOnAJavaSparkDoesNotRunOn(@TempDir Path built) throws Exception {
        Files.writeString(built.resolve(Applications.DRIVERS_JAR), "");
        AppsDirectory dir = AppsDirectory.at(built);
        for (Application a : Applications.all()) {
            Files.createDirectories(dir.lib(a));
        }
        Files.writeString(dir.lib(Applications.named("als").orElseThrow()).resolve("spark-core_2.13-4.0.1.jar"), "");
        RunOptions alsAndH2 = new RunOptions(2, 1, 2, "", true, List.of("als", "h2"));
        assertEquals(List.of("als", "h2"), new AppsSuite(() -> dir, 17).benchmarks(alsAndH2).stream().map(Benchmark::name)
                .sorted().toList());
        AppsSuite on25 = new AppsSuite(() -> dir, 25);
        assertEquals(List.of("h2"), on25.benchmarks(alsAndH2).stream().map(Benchmark::name).toList());
        List<String> leftOut = on25.leftOut(alsAndH2);
        assertEquals(1, leftOut.size(), leftOut::toString);
        assertTrue(leftOut.get(0).startsWith("als is not run: Spark 4.0 runs on Java 17 to 21"), leftOut.get(0));
        List<String> sparkArgs = new AppsSuite(() -> dir, 17).benchmarks(new RunOptions(2, 1, 2, "", true, List.of("als")))
                .get(0).javaArguments(new RunOptions(2, 1, 2, "", true, List.of()), Path.of("/x/numa-agent.jar"));
        assertTrue(sparkArgs.contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"), () -> "Spark's module options: " + sparkArgs);
    }

    @Test
    void unknownApplicationNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AppsSuite(() -> BUILT)
                .benchmarks(new RunOptions(2, 1, 2, "", true, List.of("nope"))));
        assertTrue(e.getMessage().contains("luindex, lusearch, h2"), e.getMessage());
    }

    @Test
    void missingBuildIsOneErrorWithTheBuildCommand(@TempDir Path empty) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AppsSuite(
                () -> AppsDirectory.at(empty)).benchmarks(new RunOptions(2, 1, 2, "", true, List.of())));
        assertTrue(e.getMessage().contains("mvn -B -q install -DskipTests"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void defaultDirectoryIsNextToTheCheckoutOfTheAgentJar() {
        assertEquals(Path.of("/r/apps/target/apps"), AppsDirectory.nextTo(Path.of("/r/com.numa.vm/target/numa-agent.jar")).path());
    }
}
