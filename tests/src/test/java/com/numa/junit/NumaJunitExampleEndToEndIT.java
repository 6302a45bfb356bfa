package com.numa.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The documented example project (examples/numa-junit-example) builds and its tests pass under the packaged agent,
 * with numa-junit's jar and JUnit on the class path and the agent's flags from its pom: compiled here and run by the
 * JUnit Platform in a child JVM, as Surefire runs it under {@code mvn test}. Without the agent on the command line, the
 * extension attaches it when -Dnuma.agent names the jar, and otherwise fails each test with the message saying how to
 * add it.
 */
class NumaJunitExampleEndToEndIT {
    private static final Path HOME = Path.of(System.getProperty("numa.home", ".."));
    private static final Path EXAMPLE = HOME.resolve("examples/numa-junit-example");
    private static final Duration LIMIT = Duration.ofSeconds(120);

    @Test
    void theExampleProjectsTestsPassUnderTheAgentAndCatchTheUnpaddedLayout() throws Exception {
        Path out = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("numa-junit-example");
        String cp = compileExample(out);
        Path profile = out.resolve("numa-profile");
        List<String> flags = List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerOnDemand", "-XX:+NUMAProfilerDiagnose",
                "-XX:+NUMAProfilerQuiet", "-XX:NUMAProfilerInclude=com.example.**", "-XX:NUMAProfilerOutput=" + profile);
        ChildRun r = ChildJvm.current().classPath(cp).agent(Path.of(System.getProperty("numa.agent.jar")), flags)
                .main(ExampleSuiteMain.class.getName(), List.of("com.example")).timeout(LIMIT).run();
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(r.stdout().contains("2 tests successful"), r.diagnostics());
        // the guard's failure on the old layout names both fields, the two threads and the advice
        assertTrue(r.stdout().contains("false sharing in com.example.stats.UnpaddedRequestStats"), r.diagnostics());
        assertTrue(r.stdout().contains("hits wrote hits@") && r.stdout().contains("misses wrote misses@"),
                r.diagnostics());
        // the suite listener's summary of the test class
        Path summary = profile.resolve("junit/com.example.stats.RequestStatsTest.csv");
        assertTrue(Files.readString(summary).contains("theUnpaddedLayoutIsCaught"), Files.readString(summary));
    }

    @Test
    void givenTheAgentJarTheExtensionAttachesItAndTheTestsPass() throws Exception {
        Path out = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("numa-junit-attach");
        String cp = compileExample(out);
        // the default agent flags write the profile to ./numa-profile: run where the test's output goes
        ChildRun r = ChildJvm.current().classPath(cp).options("-Dnuma.agent=" + System.getProperty("numa.agent.jar"))
                .directory(out).main(ExampleSuiteMain.class.getName(), List.of("com.example")).timeout(LIMIT).run();
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(r.stderr().contains("numa: attached: started NUMAProfiler"), r.diagnostics());
        assertTrue(r.stdout().contains("2 tests successful"), r.diagnostics());
        assertTrue(Files.exists(out.resolve("numa-profile/summary.json")), r.diagnostics());
    }

    @Test
    void withoutTheAgentEachProfiledTestFailsSayingHowToAddIt() throws Exception {
        Path out = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("numa-junit-no-agent");
        String cp = compileExample(out);
        ChildRun r = ChildJvm.current().classPath(cp).main(ExampleSuiteMain.class.getName(), List.of("com.example"))
                .timeout(LIMIT).run();
        assertEquals(1, r.exitCode(), r.diagnostics());
        assertTrue(r.stdout().contains("numa-junit: the numa agent is not loaded in this test JVM: add it to "
                + "Surefire's argLine"), r.diagnostics());
        assertTrue(r.stdout().contains("-Dnuma.agent="), r.diagnostics());
    }

    /** Compiles the example's main and test sources; returns the class path to run its tests with. */
    private static String compileExample(Path out) throws IOException, URISyntaxException {
        Files.createDirectories(out);
        Path main = Files.createTempDirectory(out, "classes");
        Path test = Files.createTempDirectory(out, "test-classes");
        List<String> libs = new ArrayList<>();
        libs.add(System.getProperty("numa.junit.jar"));
        for (Class<?> c : List.of(org.junit.jupiter.api.Test.class, org.junit.jupiter.engine.JupiterTestEngine.class,
                org.junit.platform.engine.TestEngine.class, org.junit.platform.commons.util.ReflectionUtils.class,
                org.junit.platform.launcher.Launcher.class, org.opentest4j.AssertionFailedError.class,
                org.apiguardian.api.API.class)) {
            libs.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        compile(EXAMPLE.resolve("src/main/java"), main, List.of());
        List<String> testPath = new ArrayList<>(libs);
        testPath.add(main.toString());
        compile(EXAMPLE.resolve("src/test/java"), test, testPath);
        List<String> cp = new ArrayList<>(testPath);
        cp.add(test.toString());
        // this runner only, not the rest of this module's classes
        cp.add(Path.of(ExampleSuiteMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        return String.join(File.pathSeparator, cp);
    }

    private static void compile(Path sources, Path into, List<String> classPath) throws IOException {
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", into.toString()));
        if (!classPath.isEmpty()) {
            args.addAll(List.of("-cp", String.join(File.pathSeparator, classPath)));
        }
        try (Stream<Path> s = Files.walk(sources)) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, args.toArray(String[]::new));
        assertEquals(0, rc, "javac " + args);
    }
}
