package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.builtin.BuiltinSuite;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.SingleApplication;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the thread count sits in a benchmark's arguments, so speedup-stack can vary it. */
class SpeedupStacksTest {
    private static final RunOptions OPTIONS = new RunOptions(2, 1, 2, "small", true, List.of("parallel-walk"));
    private static final Path JAR = Path.of("/opt/numa-agent.jar");

    @Test
    void aBuiltinWorkloadTakesItsThreadCountAsAnArgument() {
        Benchmark walk = new BuiltinSuite().benchmarks(OPTIONS).get(0);
        List<String> template = SpeedupStacks.template(walk, OPTIONS, JAR).orElseThrow();
        assertTrue(template.contains("threads={threads}"), template.toString());
        assertEquals(walk.javaArguments(OPTIONS, JAR), template.stream().map(a -> a.replace("{threads}", "2")).toList(),
                "only the thread count is marked");
    }

    @Test
    void anApplicationWithoutAThreadArgumentHasNoTemplate() {
        Benchmark app = new SingleApplication("app", List.of("-cp", "app.jar", "com.example.Main", "input.txt"));
        assertTrue(SpeedupStacks.template(app, OPTIONS, JAR).isEmpty());
        Benchmark withThreads = new SingleApplication("app", List.of("-cp", "app.jar", "com.example.Main", "-t", "{threads}"));
        assertEquals(List.of("-cp", "app.jar", "com.example.Main", "-t", "{threads}"),
                SpeedupStacks.template(withThreads, OPTIONS, JAR).orElseThrow());
    }
}
