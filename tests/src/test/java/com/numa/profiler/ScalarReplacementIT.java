package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.core.child.ChildRun;
import com.numa.profiler.groundtruth.Box;
import com.numa.profiler.groundtruth.ScalarReplacedProgram;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Sampled mode's word hooks (WordHooks) leave the objects a method makes and uses alone to C2's escape analysis: a
 * program whose boxes never reach the heap without the agent keeps them out of it under -XX:NUMAProfilerSampling=64
 * (the object hooks passed each box to a call, so every one was allocated: 32 bytes a step), and its profile still
 * counts the boxes and their accesses. The same holds for objects of a JDK class made in the application's code, which
 * have no header word: their site only counts them (the full hook passed each one on, 24 bytes a step).
 */
class ScalarReplacementIT {
    private static final Pattern BYTES = Pattern.compile("(?m)^bytes_per_step=([0-9.]+)");
    private static final Pattern JDK_BYTES = Pattern.compile("(?m)^jdk_bytes_per_step=([0-9.]+)");

    private static double bytesPerStep(Pattern p, String stdout) {
        Matcher m = p.matcher(stdout);
        assertTrue(m.find(), stdout);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void sampledModeKeepsBoxesThatDoNotEscapeOutOfTheHeapAndCountsThem() throws Exception {
        ChildRun plain = ProfiledJvm.runWithoutAgent(Duration.ofSeconds(120), ScalarReplacedProgram.class.getName());
        assertEquals(0, plain.exitCode(), plain.diagnostics());
        double without = bytesPerStep(BYTES, plain.stdout());
        double jdkWithout = bytesPerStep(JDK_BYTES, plain.stdout());
        assumeTrue(without < 1 && jdkWithout < 1, "this JVM allocates the objects even without the agent ("
                + without + " and " + jdkWithout + " bytes a step)");

        ProfiledJvm.Result sampled = ProfiledJvm.run("scalar-replaced", List.of(), List.of("-XX:NUMAProfilerSampling=64"),
                ScalarReplacedProgram.class.getName());
        assertEquals(0, sampled.exitCode(), sampled.diagnostics());
        assertEquals(plain.stdout().lines().filter(l -> l.startsWith("checksum=")).toList(),
                sampled.stdout().lines().filter(l -> l.startsWith("checksum=")).toList());
        double with = bytesPerStep(BYTES, sampled.stdout());
        assertTrue(with < 4, "a box is 24 bytes or more; under the sampled profiler: " + with + " bytes a step\n"
                + sampled.diagnostics());
        double jdkWith = bytesPerStep(JDK_BYTES, sampled.stdout());
        assertTrue(jdkWith < 4, "an entry is 24 bytes or more; under the sampled profiler: " + jdkWith
                + " bytes a step\n" + sampled.diagnostics());

        long steps = (long) (ScalarReplacedProgram.WARMUP + ScalarReplacedProgram.MEASURED) * ScalarReplacedProgram.STEPS;
        Map<String, String> site = sampled.csv("sites.csv").stream()
                .filter(r -> r.get("type").equals(Box.class.getName()) && r.get("method").equals("loop"))
                .findFirst().orElseThrow(() -> new AssertionError(sampled.diagnostics()));
        for (String column : List.of("allocations", "reads", "writes")) {
            double ratio = Long.parseLong(site.get(column)) / (double) steps;
            assertTrue(Math.abs(ratio - 1) < 0.05, column + ": " + site.get(column) + " for " + steps + " boxes, " + site);
        }
        Map<String, String> jdkSite = sampled.csv("sites.csv").stream()
                .filter(r -> r.get("type").equals("java.util.AbstractMap$SimpleImmutableEntry")
                        && r.get("method").equals("jdkLoop"))
                .findFirst().orElseThrow(() -> new AssertionError(sampled.diagnostics()));
        double ratio = Long.parseLong(jdkSite.get("allocations")) / (double) steps;
        assertTrue(Math.abs(ratio - 1) < 0.05, jdkSite.get("allocations") + " allocations for " + steps + " entries");
    }
}
