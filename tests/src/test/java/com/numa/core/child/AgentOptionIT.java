package com.numa.core.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentOptionIT {

    private static final Path JAR = Path.of("/opt/numa/numa-agent.jar");

    private static String option(List<String> options, List<String> launch, Map<String, String> env) {
        return AgentOption.of(JAR, "-XX:+NUMAOpts", options, launch, env);
    }

    @Test
    void classPathAndJarLaunchesLoadTheAgentWithoutTheModuleProperty() {
        String shortForm = "-agentlib:instrument=/opt/numa/numa-agent.jar=-XX:+NUMAOpts";
        assertEquals(shortForm, option(List.of("-cp", "app.jar", "-Xmx1g"), List.of("app.Main", "-m"), Map.of()));
        assertEquals(shortForm, option(List.of("--add-modules", "java.sql"), List.of("-jar", "app.jar"), Map.of()));
        assertEquals(shortForm, option(List.of(), List.of("Script.java"), Map.of("JDK_JAVA_OPTIONS", "-Xss4m")));
        assertEquals("-agentlib:instrument=/opt/numa/numa-agent.jar",
                AgentOption.of(JAR, "", List.of(), List.of("Main"), Map.of()));
    }

    @Test
    void aMainModuleALimitOrUnreadOptionsKeepJavaagent() {
        String longForm = "-javaagent:/opt/numa/numa-agent.jar=-XX:+NUMAOpts";
        assertEquals(longForm, option(List.of("-p", "mods"), List.of("-m", "app/app.Main"), Map.of()));
        assertEquals(longForm, option(List.of("-p", "mods"), List.of("--module", "app"), Map.of()));
        assertEquals(longForm, option(List.of(), List.of("--module=app/app.Main"), Map.of()));
        assertEquals(longForm, option(List.of("--limit-modules", "java.base"), List.of("Main"), Map.of()));
        assertEquals(longForm, option(List.of("--limit-modules=java.base"), List.of("Main"), Map.of()));
        assertEquals(longForm, option(List.of("@opts.txt"), List.of("Main"), Map.of()));
        assertEquals(longForm, option(List.of(), List.of("Main"),
                Map.of("JDK_JAVA_OPTIONS", "--limit-modules java.base")));
        assertEquals(longForm, option(List.of(), List.of("Main"),
                Map.of("JAVA_TOOL_OPTIONS", "-Djdk.module.limitmods=java.base")));
    }

    private static Path agentJar() {
        return Path.of(System.getProperty("numa.agent.jar"));
    }

    private static ChildRun javaWithCdsLog(boolean withAgent, List<String> launch) throws IOException {
        ChildJvm child = ChildJvm.current().options("-Xlog:cds=info").timeout(Duration.ofMinutes(2));
        if (withAgent) {
            child.agent(agentJar(), List.of("-XX:+NUMAOpts", "-XX:NUMATopology=1"));
        }
        return child.launch(launch).run();
    }

    @Test
    void theAgentKeepsCdsArchivedModuleGraphOnAClassPathLaunch() throws IOException {
        String cp = System.getProperty("java.class.path");
        List<String> launch = List.of("-cp", cp, "com.numa.core.child.AgentOptionIT$Hello");
        ChildRun plain = javaWithCdsLog(false, launch);
        // JDK 22+: the --enable-native-access that ChildJvm adds for JNA turns the graph off by itself
        assumeTrue(plain.stdout().contains("full module graph: enabled"),
                "no archived module graph in a child without the agent: " + plain.stdout().lines().limit(3).toList());
        ChildRun agent = javaWithCdsLog(true, launch);
        assertEquals(0, agent.exitCode(), agent.stderr());
        assertTrue(agent.stdout().contains("hello from the class path"), agent.stdout());
        assertTrue(agent.stderr().contains("NUMAOpts"), "the agent ran: " + agent.stderr());
        assertTrue(agent.stdout().contains("full module graph: enabled"),
                "-javaagent's jdk.module.addmods switched it off:\n" + agent.stdout());
    }

    @Test
    void aMainModuleRunsUnderTheAgent(@TempDir Path tmp) throws IOException {
        Path src = tmp.resolve("src/app");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("module-info.java"), "module app {}\n");
        Files.writeString(src.resolve("app/Main.java"),
                "package app; public class Main { public static void main(String[] a) {"
                        + " System.out.println(\"hello from a module\"); } }\n");
        Path mods = tmp.resolve("mods/app");
        int rc = ToolProvider.findFirst("javac").orElseThrow().run(System.out, System.err, "-d", mods.toString(),
                src.resolve("module-info.java").toString(), src.resolve("app/Main.java").toString());
        assertEquals(0, rc, "javac");
        ChildRun run = ChildJvm.current().agent(agentJar(), List.of("-XX:+NUMAOpts", "-XX:NUMATopology=1"))
                .options("-p", tmp.resolve("mods").toString()).launch(List.of("-m", "app/app.Main"))
                .timeout(Duration.ofMinutes(2)).run();
        assertEquals(0, run.exitCode(),
                "the short form would abort here (java.instrument not resolved): " + run.stderr());
        assertTrue(run.stdout().contains("hello from a module"), run.stdout());
        assertTrue(run.stderr().contains("NUMAOpts"), "the agent ran: " + run.stderr());
    }

    /** The child of the class-path case. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello from the class path");
        }
    }
}
