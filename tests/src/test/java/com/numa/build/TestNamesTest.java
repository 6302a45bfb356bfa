package com.numa.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The tiers' naming rule (docs/building.md): a test class that starts a process is named {@code *IT} and run by
 * failsafe after {@code package}; a {@code *Test} is a unit test, run by surefire, and starts none. Checked on every
 * module's test sources, through the ways this project starts one: a ProcessBuilder or exec of its own, core's
 * ChildJvm, and the end-to-end helpers of {@code tests/}.
 */
class TestNamesTest {
    /** A use of one of the ways to start a process. */
    private static final Pattern STARTS_A_PROCESS = Pattern.compile("new ProcessBuilder\\(|Runtime\\.getRuntime\\(\\)"
            + "\\.exec\\(|\\bChildJvm\\.(current|on)\\(|\\bProfiledJvm\\b|\\bNumaCommand\\.|\\bNumaVm\\.|\\bNumaGuest\\.run\\(");

    @Test
    void noUnitTestStartsAProcess() throws IOException {
        Path root = Path.of(System.getProperty("numa.home")).toAbsolutePath().normalize();
        List<Path> sources = testSources(root);
        assertTrue(sources.size() > 100, "the modules' test sources were found under " + root + ": " + sources.size());
        // this class names the ways in its own examples: it is the one *Test left out
        List<String> wrong = sources.stream().filter(p -> p.getFileName().toString().endsWith("Test.java"))
                .filter(p -> !p.getFileName().toString().equals(TestNamesTest.class.getSimpleName() + ".java"))
                .filter(p -> STARTS_A_PROCESS.matcher(read(p)).find()).map(p -> root.relativize(p).toString()).toList();
        assertEquals(List.of(), wrong, "these unit tests start a process: name them *IT, or move the tests that do into"
                + " an *IT beside them");
    }

    @Test
    void theRuleSeesAProcessStartedThroughEachWay() {
        for (String use : List.of("new ProcessBuilder(java, \"-version\")", "Runtime.getRuntime().exec(cmd)",
                "ChildJvm.current().main(", "ChildJvm.on(java)", "new ProfiledJvm(tmp)", "NumaCommand.run(",
                "NumaVm.run(", "NumaGuest.run(Duration.ofMinutes(2)")) {
            assertTrue(STARTS_A_PROCESS.matcher(use).find(), use);
        }
        for (String use : List.of("ChildRun r = exited(1)", "ProcessBuilderFactory", "NumaGuest.interpret(")) {
            assertTrue(!STARTS_A_PROCESS.matcher(use).find(), use);
        }
    }

    private static List<Path> testSources(Path root) throws IOException {
        try (Stream<Path> modules = Files.list(root)) {
            return modules.map(m -> m.resolve("src/test/java")).filter(Files::isDirectory).flatMap(dir -> {
                try (Stream<Path> files = Files.walk(dir)) {
                    return files.filter(f -> f.toString().endsWith(".java")).toList().stream();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sorted().toList();
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
