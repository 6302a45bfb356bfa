package com.numa.vm;

import com.numa.boot.AgentLayout;
import com.numa.core.feature.FeatureContext;
import com.numa.core.feature.FeatureRegistry;
import com.numa.core.feature.LaunchProblems;
import com.numa.core.flags.CoreFlags;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import com.numa.core.log.NumaLog;
import com.numa.core.provenance.JvmIdentity;
import com.numa.core.threads.MainClass;
import com.numa.core.threads.MainThread;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.perfutil.threads.ThreadInventory;
import com.numa.perfutil.topology.MachineTopology;
import com.numa.profiler.MethodWindowMarks;
import java.lang.instrument.Instrumentation;
import java.util.List;

/**
 * The java agent ({@code -javaagent:numa-agent.jar=<flags>}; the {@link Launcher} gives it as
 * {@code -agentlib:instrument=numa-agent.jar=<flags>}, see {@code AgentOption}). Parses the agent argument
 * string through the registry's flag set (the same as the launcher's: the product's features read from this jar, or,
 * for a flag none of them knows, every feature registered on the class path), resolves the machine once (the thread
 * inventory with the main thread registered, the NUMA topology) and starts the registered features whose enable flags
 * are on. It never ends the application: a bad flag or an internal failure is reported once on stderr and the agent
 * (or that feature) turns itself off.
 */
public final class NumaAgent {

    private NumaAgent() {
    }

    public static void premain(String agentArgs, Instrumentation inst) {
        start(agentArgs, inst, NumaLog.stderr(), false);
    }

    /**
     * Attach API entry ({@code numa attach}, {@code jcmd PID JVMTI.agent_load}): as at start-up, except that this
     * runs on the "Attach Listener" thread, so the main thread is found by name instead of registered, the
     * application has started already, and what started (or that nothing did) is said in one line.
     */
    public static void agentmain(String agentArgs, Instrumentation inst) {
        AttachReport report = new AttachReport(System.err);
        start(agentArgs, inst, new NumaLog(report), true);
        report.publish();
    }

    static void start(String agentArgs, Instrumentation inst, NumaLog log, boolean attached) {
        try {
            boolean strict = !attached && AgentLayout.flagOn(agentArgs, AgentLayout.STRICT_FLAG);
            Parsed parsed;
            try {
                parsed = parse(agentArgs, log);
            } catch (FlagException e) {
                if (strict) {
                    exitBeforeMain(List.of(e.getMessage()));
                }
                log.once("bad flag", "bad flag: " + e.getMessage() + "; numa-jvm is off for this run");
                return;
            }
            FeatureRegistry registry = parsed.registry();
            FlagValues flags = parsed.flags();
            if (strict) {
                LaunchProblems problems = LaunchChecks.check(flags, registry);
                for (String w : problems.warnings()) { // loops, not lambdas: premain
                    System.err.println("numa: warning: " + w);
                }
                if (!problems.errors().isEmpty()) {
                    exitBeforeMain(problems.errors());
                }
            }
            if (!registry.anyEnabled(flags)) {
                if (attached) {
                    log.accept("no feature enabled: add " + registry.enableFlags());
                }
                return; // nothing asked for: load no native library, read no sysfs
            }
            JvmIdentity.registerLabel(flags.get(CoreFlags.LABEL));
            ThreadInventory inventory = new ThreadInventory(inst);
            if (!attached) {
                // from /proc: a native library loaded here would delay the application's start (~0.1 s for JNA)
                int mainTid = ProcTasks.currentTid();
                if (mainTid <= 0) {
                    mainTid = LinuxSyscalls.gettid();
                }
                MainThread.register(mainTid);
                inventory.registerMainThread(mainTid);
                MainClass.register(LauncherMainClass.probe(inst));
            } // attached: no registered tid, so every feature takes the thread named "main" in the main group
            ThreadDirectory threads = inventory;
            NumaTopology topology = resolveTopology(flags, log);
            List<String> started = registry.startEnabled(new FeatureContext(flags, inst, threads, topology, log,
                    registry.toolPackages(List.of(NumaAgent.class.getPackageName() + ".**",
                            // numa-junit reads the profile inside the test: its own work is no part of it
                            "com.numa.junit.*"))));
            // after the features: they listen to the window, and their transformers come before the marks'
            markMethodWindow(flags, inst, log);
            if (attached) {
                log.accept(started.isEmpty() ? AttachReport.NONE_STARTED + " (see above)"
                        : AttachReport.STARTED + String.join(", ", started));
            }
        } catch (Throwable t) {
            // LinkageError included: a missing native library must not take the application down
            log.once("internal failure", "internal failure: " + t + "; numa-jvm is off for this run, the application runs on");
        }
    }

    /**
     * -XX:+NUMAStrictFlags (numa vm): the launch stops as the launcher's own checks stop it, one line per problem and
     * exit code 2, before the application's main has run.
     */
    private static void exitBeforeMain(List<String> errors) {
        for (String e : errors) {
            System.err.println("numa: " + e);
        }
        System.err.flush();
        Runtime.getRuntime().halt(Launcher.USAGE_ERROR);
    }

    /** The agent arguments and the registry whose flags they are. */
    private record Parsed(FeatureRegistry registry, FlagValues flags) {
    }

    /**
     * Through the product's features read from this jar; a flag none of them knows may be a plug-in's, so then (and
     * when this class is not in a jar) through every feature registered on the class path, which reports the error.
     */
    private static Parsed parse(String agentArgs, NumaLog log) throws FlagException {
        FeatureRegistry own = FeatureRegistry.loadFromJarOf(NumaAgent.class, log);
        if (own != null) {
            try {
                return new Parsed(own, own.flagSet().parseAgentArgs(agentArgs));
            } catch (FlagException e) {
                // the class path's registry decides
            }
        }
        FeatureRegistry all = NumaFlags.registry();
        return new Parsed(all, all.flagSet().parseAgentArgs(agentArgs));
    }

    /** -XX:NUMAWindowStartAt / StopAt: the measured window between two methods, for every feature that measures. */
    private static void markMethodWindow(FlagValues flags, Instrumentation inst, NumaLog log) {
        String startAt = flags.get(CoreFlags.WINDOW_START_AT);
        String stopAt = flags.get(CoreFlags.WINDOW_STOP_AT);
        if (startAt.isEmpty() && stopAt.isEmpty()) {
            return;
        }
        if (inst == null) {
            log.once("NUMAWindow", "-XX:NUMAWindowStartAt/StopAt need the agent's instrumentation; the run is measured whole");
            return;
        }
        try {
            MethodWindowMarks.install(inst, startAt, stopAt, log);
        } catch (RuntimeException | LinkageError e) {
            log.once("NUMAWindow", "the method window is not marked: " + e + "; the run is measured whole");
        }
    }

    private static NumaTopology resolveTopology(FlagValues flags, NumaLog log) {
        String spec = flags.get(CoreFlags.TOPOLOGY);
        try {
            return MachineTopology.fromSpec(spec);
        } catch (RuntimeException e) {
            log.once("NUMATopology", "NUMATopology: cannot resolve -XX:NUMATopology=" + spec + ": " + e.getMessage()
                    + "; features that need the topology are off");
            return null;
        }
    }
}
