package com.numa.vm;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.TargetJava;
import com.numa.core.flags.CoreFlags;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code numa vm [NUMA flags] [java options] (MainClass | -jar app.jar | -m module[/class]) [args...]}: consumes the
 * NUMA {@code -XX:} flags among the java options, validates them, and starts the target java with every other argument
 * untouched plus the agent. Returns java's exit code. {@code -XX:+PrintNUMAFlags} prints the flag table and exits 0; a
 * bad NUMA flag, or one the machine refuses ({@link LaunchChecks}), exits 2 before the application starts.
 *
 * <p>The agent jar is the jar this class was loaded from, or {@code -Dnuma.agent.jar} when the launcher runs from a
 * class directory (mx, IDEs).
 */
@Command(name = "vm", description = {
    "Run java with the numa-jvm agent.",
    "NUMA flags (-XX:+PerfUtil, -XX:NUMATopology=2, ...) are taken from the java options and handed to the agent; every "
            + "other argument goes to java unchanged, and everything after the main class or -jar app.jar goes to the "
            + "application unchanged.",
    "",
    "  numa vm -XX:+PrintNUMAFlags              list every NUMA flag",
    "  numa vm -XX:+PerfUtil -cp app.jar Main   count per-thread events into perfutil.csv",
    "",
    "The target java is $JAVA_HOME/bin/java when JAVA_HOME is set, else the java running this launcher."},
        customSynopsis = "numa vm [NUMA flags] [java options] (MainClass | -jar app.jar | -m module[/class]) [args...]")
final class VmCommand implements Callable<Integer> {
    static final int CANNOT_START = 126;

    private final Map<String, String> env;

    @Unmatched
    private List<String> args = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    VmCommand(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (args.isEmpty() || args.size() == 1 && (args.get(0).equals("--help") || args.get(0).equals("-h"))) {
            spec.commandLine().usage(args.isEmpty() ? err : out);
            return args.isEmpty() ? Launcher.USAGE_ERROR : 0;
        }
        LauncherArguments split = LauncherArguments.split(args, NumaFlags::claims);
        FlagValues flags;
        try {
            flags = NumaFlags.set().parse(split.numaFlags());
        } catch (FlagException e) {
            err.println("numa: " + e.getMessage());
            return Launcher.USAGE_ERROR;
        }
        if (flags.get(CoreFlags.PRINT_FLAGS)) {
            out.print(NumaFlags.set().describe());
            out.flush();
            return 0;
        }
        Path agentJar = LaunchChecks.agentJarIfReady(flags, err);
        if (agentJar == null) {
            return Launcher.USAGE_ERROR;
        }
        ChildJvm java = javaCommand(TargetJava.resolve(env, System.getProperty("java.home")), agentJar, flags, split);
        try {
            return java.runInheritingIO();
        } catch (IOException e) {
            err.println("numa: cannot start " + java.command().get(0) + ": " + e.getMessage() + " (check JAVA_HOME)");
            return CANNOT_START;
        }
    }

    /** The child: target java, the agent with the given NUMA flags, the java options, the launch target. */
    static ChildJvm javaCommand(TargetJava java, Path agentJar, FlagValues flags, LauncherArguments split) {
        return ChildJvm.on(java).options(split.javaOptions()).agent(agentJar, flags.toArgs()).launch(split.launch());
    }
}
