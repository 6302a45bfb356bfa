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
 * flags and the same checks as {@code numa vm}. The agent's {@code agentmain} starts the enabled features in the
 * target (the target prints what it started); main is the target's thread named "main", not the attaching thread.
 * Exit 0 when the agent loaded, 1 when the target cannot be attached to (no such process, not a JVM, another user's),
 * 2 for bad usage.
 */
@Command(name = "attach", mixinStandardHelpOptions = true, description = {
    "Start NUMA features in a running JVM (Attach API): numa attach <pid> -XX:+PerfUtil -XX:PerfUtilOutput=p.csv",
    "The features start as under numa vm, from now on; their output appears as the target runs and at its exit."})
final class AttachCommand implements Callable<Integer> {
    static final int CANNOT_ATTACH = 1;

    @Parameters(index = "0", paramLabel = "<pid>", description = "process id of the running JVM")
    private long pid;

    @Parameters(index = "1..*", paramLabel = "NUMA flags", description = "-XX: flags as numa vm takes them")
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
            values = NumaFlags.set().parse(flags);
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
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgent(agentJar.toString(), values.toAgentArgs());
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException | IOException | AgentLoadException | AgentInitializationException
                | SecurityException e) {
            err.println("numa: cannot attach to process " + pid + ": " + e.getMessage()
                    + " (is it a JVM of this user, started with a JDK 17+?)");
            return CANNOT_ATTACH;
        }
        out.println("numa: agent loaded into process " + pid + " with " + String.join(" ", values.toArgs())
                + "; the process's stderr says what started");
        return 0;
    }
}
