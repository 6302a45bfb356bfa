package com.numa.vm.doctor;

import com.numa.core.io.JsonFiles;
import com.numa.perfutil.machine.MachineFacts;
import com.numa.perfutil.machine.MachineInspection;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code numa doctor [--json]}: what this machine offers (CPUs, nodes, PMUs and which study events count, permission,
 * limits, tools, NUMA balancing) and, last, one line per feature: full, degraded (why) or off (why, and the fix).
 * Exit 0, or 1 when the machine cannot be inspected.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true, description = {
    "Say what this machine offers and what each feature will do on it: full, degraded (why) or off (why, the fix).",
    "Exit 0, or 1 when the machine cannot be inspected."})
public final class DoctorCommand implements Callable<Integer> {
    private final Map<String, String> env;

    @Option(names = "--json", description = "Print the same findings as JSON.")
    private boolean json;

    @Spec
    private CommandSpec spec;

    public DoctorCommand(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        MachineFacts facts;
        try {
            facts = MachineInspection.system(env).inspect();
        } catch (RuntimeException | LinkageError e) {
            spec.commandLine().getErr().println("numa: doctor: cannot inspect this machine: " + e.getMessage());
            return 1;
        }
        DoctorReport report = new DoctorReport(facts, FeatureVerdicts.of(facts));
        out.print(json ? JsonFiles.toJson(report.json()) : report.text());
        out.flush();
        return 0;
    }
}
