package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.TargetJava;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profiler run started by a launcher has the hook runtime on the boot class path from the JVM's start, so HotSpot
 * keeps class sharing on and prints no "Sharing is only supported for boot loader classes" warning, and the JDK's
 * classes are still instrumented.
 */
class BootClassPathWarningEndToEndIT {
    private static final String WARNING = "Sharing is only supported for boot loader classes";

    @TempDir
    Path tmp;

    @Test
    void aLaunchedProfilerRunPrintsNoSharingWarning() throws Exception {
        String cp = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path profile = tmp.resolve("profile");
        ChildJvm child = ChildJvm.on(TargetJava.current()).classPath(cp)
                .agent(Path.of(System.getProperty("numa.agent.jar")), List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerOutput=" + profile))
                .main(NamedThreadsProgram.class.getName(), List.of(tmp.resolve("args.txt").toString(), "millis=50"))
                .timeout(Duration.ofSeconds(120));
        List<String> command = child.command();
        String boot = command.stream().filter(a -> a.startsWith("-Xbootclasspath/a:")).findFirst()
                .orElseThrow(() -> new AssertionError("no boot class path option: " + command));
        assertTrue(Files.isRegularFile(Path.of(boot.substring("-Xbootclasspath/a:".length()))), boot);
        ChildRun r = child.run();
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertFalse(r.stdout().contains(WARNING) || r.stderr().contains(WARNING), r.diagnostics());
        String summary = Files.readString(profile.resolve("summary.json"));
        assertTrue(summary.contains("\"jdk_classes_instrumented\" : true") || summary.contains("\"jdk_classes_instrumented\": true"),
                summary.substring(0, Math.min(400, summary.length())));
    }

    @Test
    void featuresThatNeedNoBootClassPathGetNone() {
        List<String> command = ChildJvm.on(TargetJava.current())
                .agent(Path.of(System.getProperty("numa.agent.jar")), List.of("-XX:+PerfUtil")).main("Main", List.of()).command();
        assertTrue(command.stream().noneMatch(a -> a.startsWith("-Xbootclasspath")), command.toString());
    }
}
