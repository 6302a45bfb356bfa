package com.numa.vm;

import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.flags.FlagException;
import com.numa.perfutil.flags.FlagValues;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Entry point of numa-jvm ({@code bin/numa vm ...}, {@code java -jar numa-agent.jar vm ...}, {@code mx vm ...}).
 *
 * <p>{@code vm [NUMA flags and java options] (MainClass | -jar app.jar | -m module[/class]) [application args]}:
 * consumes the NUMA {@code -XX:} flags among the java options, validates them, and starts the target java (see
 * {@link TargetJava}) with every other argument untouched plus {@code -javaagent:numa-agent.jar=<flags>}. Returns
 * java's exit code. {@code -XX:+PrintNUMAFlags} prints the flag table and exits 0; a bad NUMA flag exits 2 with a
 * message on stderr, before the application starts.
 *
 * <p>The agent jar is the jar this class was loaded from, or the system property {@code numa.agent.jar} when the
 * launcher runs from a class directory (mx, IDEs).
 */
public final class Launcher {

    /** Exit code for usage errors and bad NUMA flags (HotSpot uses 1 for its own bad options). */
    public static final int USAGE_ERROR = 2;

    static final String USAGE = """
            usage: numa vm [NUMA flags] [java options] (MainClass | -jar app.jar | -m module[/class]) [args...]

            Runs java with the numa-jvm agent. NUMA flags (-XX:+PerfUtil, -XX:NUMATopology=2, ...) are taken
            from the java options and handed to the agent; every other argument goes to java unchanged, and
            everything after the main class or -jar app.jar goes to the application unchanged.

              numa vm -XX:+PrintNUMAFlags              list every NUMA flag with type, default and description
              numa flags [--markdown]                  the same list (--markdown: the README's table)
              numa vm -XX:+PerfUtil -cp app.jar Main   count per-thread events into perfutil.csv

            The target java is $JAVA_HOME/bin/java when JAVA_HOME is set, else the java running this launcher.
            """;

    private Launcher() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err, System.getenv()));
    }

    /** Runs one command line; returns the exit code. */
    static int run(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        if (args.isEmpty()) {
            err.print(USAGE);
            return USAGE_ERROR;
        }
        String command = args.get(0);
        if (command.equals("-h") || command.equals("--help") || command.equals("help")) {
            out.print(USAGE);
            return 0;
        }
        if (command.equals("flags")) {
            return printFlags(args.subList(1, args.size()), out, err);
        }
        if (!command.equals("vm")) {
            err.println("numa: unknown command '" + command + "'; the commands are 'vm' and 'flags' (numa --help)");
            return USAGE_ERROR;
        }
        List<String> rest = args.subList(1, args.size());
        if (rest.size() == 1 && (rest.get(0).equals("--help") || rest.get(0).equals("-h"))) {
            out.print(USAGE);
            return 0;
        }
        LauncherArguments split = LauncherArguments.split(rest, NumaFlags::claims);
        FlagValues flags;
        try {
            flags = NumaFlags.set().parse(split.numaFlags());
        } catch (FlagException e) {
            err.println("numa: " + e.getMessage());
            return USAGE_ERROR;
        }
        if (flags.get(PerfUtilFlags.PRINT_FLAGS)) {
            out.print(NumaFlags.set().describe());
            return 0;
        }
        Path agentJar;
        try {
            agentJar = agentJar();
        } catch (IllegalStateException e) {
            err.println("numa: " + e.getMessage());
            return USAGE_ERROR;
        }
        List<String> javaCommand = javaCommand(TargetJava.resolve(env, System.getProperty("java.home")), agentJar, flags, split);
        return JavaProcess.run(javaCommand, err);
    }

    /** {@code numa flags [--markdown]}: the flag table as text, or as the Markdown table of the README. */
    private static int printFlags(List<String> options, PrintStream out, PrintStream err) {
        if (options.isEmpty()) {
            out.print(NumaFlags.set().describe());
            return 0;
        }
        if (options.equals(List.of("--markdown"))) {
            out.print(NumaFlags.set().markdownTable());
            return 0;
        }
        err.println("numa: unknown option(s) " + options + " for 'flags'; the only option is --markdown");
        return USAGE_ERROR;
    }

    /** The java command line: target java, native access when needed, the agent, java options, launch target. */
    static List<String> javaCommand(TargetJava java, Path agentJar, FlagValues flags, LauncherArguments split) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.executable().toString());
        if (java.needsNativeAccessFlag()) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        String agentArgs = flags.toAgentArgs();
        cmd.add("-javaagent:" + agentJar + (agentArgs.isEmpty() ? "" : "=" + agentArgs));
        cmd.addAll(split.javaOptions());
        cmd.addAll(split.launch());
        return cmd;
    }

    private static Path agentJar() {
        String configured = System.getProperty("numa.agent.jar");
        Path jar;
        if (configured != null && !configured.isBlank()) {
            jar = Path.of(configured);
        } else {
            try {
                jar = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (URISyntaxException | SecurityException | NullPointerException e) {
                throw new IllegalStateException("cannot tell where numa-agent.jar is; pass -Dnuma.agent.jar=<path>");
            }
        }
        jar = jar.toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the agent jar " + jar + " does not exist: build it with "
                    + "'mvn -B -q package -DskipTests' or pass -Dnuma.agent.jar=<path to numa-agent.jar>");
        }
        if (jar.toString().contains("=")) {
            // -javaagent:<path>=<options> splits at the first '='
            throw new IllegalStateException("the agent jar path " + jar + " contains '=', which -javaagent cannot take; move it");
        }
        return jar;
    }
}
