package com.numa.vm;

import com.numa.core.feature.FeatureRegistry;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code numa attach <pid> [NUMA flags]}: loads the agent into a running JVM through the Attach API, with the same
 * flags and the same checks as {@code numa vm}; the flags may also be given in the agent grammar
 * ({@code PerfUtil,PerfUtilOutput=p.csv}). The agent's {@code agentmain} starts the enabled features in the target and
 * leaves what it did in an {@link AttachReport}, printed here: the features that started, or why none did. Main is the
 * target's thread named "main", not the attaching thread. Exit 0 when a feature started, 1 when the target cannot be
 * attached to (no such process, not a JVM, another user's) or no feature started in it, 2 for bad usage.
 */
@Command(name = "attach", mixinStandardHelpOptions = true, description = {
    "Start NUMA features in a running JVM (Attach API): numa attach <pid> -XX:+PerfUtil -XX:PerfUtilOutput=p.csv",
    "The features start as under numa vm, from now on; their output appears as the target runs and at its exit."})
final class AttachCommand implements Callable<Integer> {
    static final int CANNOT_ATTACH = 1;
    static final int NOTHING_STARTED = 1;

    @Parameters(index = "0", paramLabel = "<pid>", description = "process id of the running JVM")
    private long pid;

    @Parameters(index = "1..*", paramLabel = "NUMA flags", description = "-XX: flags as numa vm takes them, or the agent form Name,Name=value")
    private List<String> flags = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        FeatureRegistry registry = NumaFlags.registry();
        FlagValues values;
        try {
            values = NumaFlags.set().parseArguments(flags);
        } catch (FlagException e) {
            err.println("numa: " + e.getMessage());
            return Launcher.USAGE_ERROR;
        }
        if (!registry.anyEnabled(values)) {
            err.println("numa: no feature enabled: add " + registry.enableFlags());
            return Launcher.USAGE_ERROR;
        }
        Path agentJar = LaunchChecks.agentJarIfReady(values, err);
        if (agentJar == null) {
            return Launcher.USAGE_ERROR;
        }
        List<String> report;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgent(agentJar.toString(), values.toAgentArgs());
                report = AttachReport.read(vm.getSystemProperties());
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException | IOException | AgentLoadException | AgentInitializationException
                | SecurityException e) {
            err.println("numa: cannot attach to process " + pid + ": " + e.getMessage()
                    + " (is it a JVM of this user, started with a JDK 17+?)");
            return CANNOT_ATTACH;
        }
        out.println("numa: agent loaded into process " + pid + " with " + String.join(" ", values.toArgs()));
        report.forEach(line -> (line.startsWith(AttachReport.STARTED) ? out : err).println("numa: process " + pid + ": " + line));
        if (AttachReport.anyStarted(report)) {
            return 0;
        }
        err.println("numa: no feature started in process " + pid
                + (report.isEmpty() ? " (the agent left no report: an older numa-agent.jar is loaded there?)" : ""));
        return NOTHING_STARTED;
    }
}
