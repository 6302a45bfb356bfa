package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged agent is a guest: an application that bundles JNA 4.5.2 and Jackson 2.9 keeps them, gets PerfUtil's
 * counters, the profiler's profile and the optimizer all the same, and its class loader loads none of numa-jvm's
 * classes, whether the agent comes by {@code -javaagent:} or by {@code JAVA_TOOL_OPTIONS}.
 */
class AgentIsolationEndToEndIT {
    private static Path agentJar;
    private static Path libraries;

    @TempDir
    Path tmp;

    @BeforeAll
    static void locate() {
        agentJar = Path.of(System.getProperty("numa.agent.jar"));
        libraries = Path.of(System.getProperty("numa.guest.libraries"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        assertTrue(Files.isRegularFile(libraries.resolve("jna-4.5.2.jar")), "no JNA 4.5.2 in " + libraries);
    }

    private record Run(int exit, String out, String err) {
    }

    /** GuestProgram alone on its class path (a copy of its class file), with its libraries. */
    private Run guest(Map<String, String> env, String... options) throws Exception {
        Path classes = tmp.resolve("classes");
        Path classFile = classes.resolve(GuestProgram.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(classFile.getParent());
        try (var in = GuestProgram.class.getResourceAsStream(GuestProgram.class.getSimpleName() + ".class")) {
            Files.write(classFile, in.readAllBytes());
        }
        List<String> cp = new ArrayList<>(List.of(classes.toString()));
        try (Stream<Path> jars = Files.list(libraries)) {
            jars.map(Path::toString).sorted().forEach(cp::add);
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, cp), GuestProgram.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile())
                .redirectOutput(tmp.resolve("stdout.txt").toFile()).redirectError(tmp.resolve("stderr.txt").toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(tmp.resolve("stdout.txt")), Files.readString(tmp.resolve("stderr.txt")));
    }

    private String everyFeature() {
        return "PerfUtil,PerfUtilOutput=" + tmp.resolve("perfutil.csv") + ",NUMAProfiler,NUMAProfilerQuiet,"
                + "NUMAProfilerOutput=" + tmp.resolve("profile") + ",NUMAOpts,NUMATopology=2";
    }

    private void assertGuest(Run r) throws Exception {
        String both = "stdout:\n" + r.out() + "\nstderr:\n" + r.err();
        assertEquals(0, r.exit(), both);
        assertTrue(r.out().contains("jna=4.5.2"), both);
        assertTrue(r.out().lines().anyMatch(l -> l.matches("getpid=[1-9][0-9]*")), both);
        assertTrue(r.out().contains("jackson=2.9.10"), both);
        assertTrue(r.out().contains("sum=12000000"), both);
        assertFalse(r.out().contains("visible="), "the application's class loader loaded numa-jvm's classes: " + both);
        assertFalse(r.err().contains("is off"), both);
        Path csv = tmp.resolve("perfutil.csv");
        assertTrue(Files.isRegularFile(csv), "no PerfUtil CSV: " + both);
        assertTrue(Files.readAllLines(csv).stream().anyMatch(l -> l.contains(",guest-worker-0,") && l.contains(",task-clock,")),
                "no counted worker in " + csv);
        assertTrue(Files.isRegularFile(tmp.resolve("profile/summary.json")), "no profile: " + both);
        assertTrue(r.err().contains("NUMAOpts: started"), both);
    }

    @Test
    void anApplicationWithItsOwnJnaAndJacksonKeepsThemAndGetsEveryFeature() throws Exception {
        assertGuest(guest(Map.of(), "-javaagent:" + agentJar + "=" + everyFeature()));
    }

    @Test
    void theSameThroughJavaToolOptions() throws Exception {
        assertGuest(guest(Map.of("JAVA_TOOL_OPTIONS", "-javaagent:" + agentJar + "=" + everyFeature())));
    }

    @Test
    void withoutTheAgentTheProgramSeesNothingOfOursEither() throws Exception {
        Run r = guest(Map.of());
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.out().contains("visible="), r.out());
    }

    /** What `numa classpath` prints is a class path entry that holds numa-jvm's classes, for programs that call them. */
    @Test
    void numaClasspathPrintsAJarOfTheClasses() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-jar", agentJar.toString(), "classpath").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        Path jar = Path.of(out);
        assertTrue(Files.isRegularFile(jar), out);
        try (var zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (String name : GuestProgram.AGENT_CLASSES) {
                assertTrue(zip.getEntry(name.replace('.', '/') + ".class") != null, name + " in " + jar);
            }
        }
    }
}
