package com.numa.vm;

import com.numa.core.child.TargetJava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.flags.FlagException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The launcher's decisions in-process (no java is started here; see LauncherEndToEndIT for that). */
class LauncherTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Launcher.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
    }

    @Test
    void printNumaFlagsPrintsTheTableAndStartsNothing() {
        assertEquals(0, run("vm", "-XX:+PrintNUMAFlags", "-cp", "/nonexistent", "NoSuchMain"));
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.startsWith("flag "), table);
        assertTrue(table.contains("PerfUtilInterval") && table.contains("NUMATopology"), table);
    }

    @Test
    void badFlagsExitTwoWithTheMessage() {
        assertEquals(Launcher.USAGE_ERROR, run("vm", "-XX:PerfUtilScope=everything", "Main"));
        String msg = err.toString(StandardCharsets.UTF_8);
        assertTrue(msg.contains("-XX:PerfUtilScope") && msg.contains("[thread, core, both]"), msg);
    }

    @Test
    void flagsCommandPrintsTextOrTheReadmeMarkdownAndRejectsOtherOptions() {
        assertEquals(0, run("flags"));
        assertEquals(NumaFlags.set().describe(), out.toString(StandardCharsets.UTF_8));
        out.reset();
        assertEquals(0, run("flags", "--markdown"));
        String md = out.toString(StandardCharsets.UTF_8);
        assertTrue(md.startsWith("| flag | type | default | description |"), md);
        assertTrue(md.contains("| `-XX:PerfUtilScope=` | thread\\|core\\|both | `thread` |"), md);
        assertEquals(Launcher.USAGE_ERROR, run("flags", "--html"));
        assertEquals("numa: Unknown option: '--html' (see 'numa flags --help')\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void usageAndUnknownCommands() {
        assertEquals(0, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.startsWith("Usage: numa") && help.contains("  vm ") && help.contains("  flags "), help);
        out.reset();
        assertEquals(0, run("vm", "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: numa vm [NUMA flags]"));
        assertEquals(Launcher.USAGE_ERROR, run("run", "Main"));
        String unknown = err.toString(StandardCharsets.UTF_8);
        assertTrue(unknown.startsWith("numa: unknown command 'run'; the commands are vm, attach, flags, "), unknown);
        assertEquals(1, unknown.lines().count(), unknown);
        err.reset();
        assertEquals(Launcher.USAGE_ERROR, run("--verbose"));
        assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count(), "one line: " + err);
        assertEquals(Launcher.USAGE_ERROR, run());
    }

    @Test
    void javaCommandPutsAgentFirstAndKeepsEverythingElseInOrder() throws FlagException {
        LauncherArguments split = LauncherArguments.split(
                List.of("-Xmx64m", "-XX:+PerfUtil", "-XX:PerfUtilOutput=/tmp/a b.csv", "Main", "-XX:+PerfUtil"), NumaFlags::claims);
        var flags = NumaFlags.set().parse(split.numaFlags());
        Path jar = Path.of("/opt/numa/numa-agent.jar");
        List<String> cmd17 = VmCommand.javaCommand(new TargetJava(Path.of("/jdk17"), 17), jar, flags, split).command();
        assertEquals(List.of("/jdk17/bin/java", "-agentlib:instrument=/opt/numa/numa-agent.jar=" + flags.toAgentArgs(),
                "-Xmx64m", "Main", "-XX:+PerfUtil"), cmd17);
        List<String> cmd25 = VmCommand.javaCommand(new TargetJava(Path.of("/jdk25"), 25), jar, flags, split).command();
        assertEquals("--enable-native-access=ALL-UNNAMED", cmd25.get(1));
        LauncherArguments none = LauncherArguments.split(List.of("Main"), NumaFlags::claims);
        List<String> plain = VmCommand.javaCommand(new TargetJava(Path.of("/jdk17"), 17), jar,
                NumaFlags.set().parse(none.numaFlags()), none).command();
        assertEquals(List.of("/jdk17/bin/java", "-agentlib:instrument=/opt/numa/numa-agent.jar", "Main"), plain);
        LauncherArguments module = LauncherArguments.split(List.of("-p", "mods", "-m", "app/app.Main"),
                NumaFlags::claims);
        List<String> modular = VmCommand.javaCommand(new TargetJava(Path.of("/jdk17"), 17), jar,
                NumaFlags.set().parse(module.numaFlags()), module).command();
        assertEquals(List.of("/jdk17/bin/java", "-javaagent:/opt/numa/numa-agent.jar", "-p", "mods", "-m",
                "app/app.Main"), modular);
    }
}
