package com.numa.characterize.run;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.child.AgentJar;
import com.numa.core.io.ChartRendering;
import com.numa.core.log.NumaLog;
import com.numa.speedup.SpeedupStackRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The speedup stack of a benchmark whose thread count is one of its arguments (the built-in workloads, DaCapo's -t):
 * {@code numa speedup-stack} at 1 thread and at the characterization's thread count, into
 * {@code <out>/speedup/<benchmark>/}. The thread argument is found by asking the benchmark for its arguments at an
 * unlikely thread count and marking where that number appears.
 */
public final class SpeedupStacks {
    /** A thread count no benchmark would be given by accident, so its position in the arguments is unambiguous. */
    private static final int PROBE = 7_919;

    private SpeedupStacks() {
    }

    /** The java arguments with {@code {threads}} where the thread count goes; empty when it is not an argument. */
    static Optional<List<String>> template(Benchmark b, RunOptions o, Path agentJar) {
        RunOptions probe = new RunOptions(PROBE, o.warmup(), o.iterations(), o.size(), o.quick(), o.only());
        List<String> args = new ArrayList<>();
        boolean found = false;
        for (String a : b.javaArguments(probe, agentJar)) {
            String marked = a.replace(Integer.toString(PROBE), "{threads}");
            found |= !marked.equals(a);
            args.add(marked);
        }
        return found ? Optional.of(args) : Optional.empty();
    }

    /** Runs it; returns the stack's PNG, or empty (the reason is logged). */
    public static Optional<Path> run(Benchmark b, RunOptions o, Path agentJar, Path outDir, NumaLog log) {
        Optional<List<String>> template;
        try {
            template = template(b, o, AgentJar.plainClasses(agentJar));
        } catch (IOException e) {
            log.info("speedup stack of " + b.name() + " skipped: cannot read numa-jvm's classes from " + agentJar
                    + ": " + e.getMessage());
            return Optional.empty();
        }
        if (template.isEmpty() || o.threads() < 2) {
            log.info("speedup stack of " + b.name() + " skipped: "
                    + (template.isEmpty() ? "its thread count is not one of its arguments" : "--threads is 1"));
            return Optional.empty();
        }
        Path dir = outDir.resolve(Runner.safe(b.name()));
        log.info("speedup stack of " + b.name() + " at 1 and " + o.threads() + " threads");
        SpeedupStackRun.Result stack = SpeedupStackRun.run(dir, List.of(1, o.threads()), 1, template.get());
        Path png = stack.chart();
        if (stack.exitCode() != 0 || !Files.isRegularFile(png)) {
            log.info("speedup stack of " + b.name() + (stack.exitCode() == 0 ? " not drawn: "
                    + ChartRendering.failure().orElse("no PNG written") : " failed (exit " + stack.exitCode() + "): "
                    + stack.lastLine()));
            return Optional.empty();
        }
        return Optional.of(png);
    }
}
