package com.numa.characterize.run;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.io.ChartRendering;
import com.numa.core.log.NumaLog;
import com.numa.speedup.SpeedupStackCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
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
        Optional<List<String>> template = template(b, o, agentJar);
        if (template.isEmpty() || o.threads() < 2) {
            log.info("speedup stack of " + b.name() + " skipped: "
                    + (template.isEmpty() ? "its thread count is not one of its arguments" : "--threads is 1"));
            return Optional.empty();
        }
        Path dir = outDir.resolve(Runner.safe(b.name()));
        List<String> args = new ArrayList<>(List.of("--threads", "1," + o.threads(), "--repeat", "1", "--out",
                dir.toString(), "--agent-jar", agentJar.toString(), "--"));
        args.addAll(template.get());
        log.info("speedup stack of " + b.name() + " at 1 and " + o.threads() + " threads");
        StringWriter text = new StringWriter();
        picocli.CommandLine cl = new picocli.CommandLine(new SpeedupStackCommand());
        cl.setOut(new PrintWriter(text, true));
        cl.setErr(new PrintWriter(text, true));
        int exit = cl.execute(args.toArray(String[]::new));
        Path png = dir.resolve("speedup_stack.png");
        if (exit != 0 || !Files.isRegularFile(png)) {
            log.info("speedup stack of " + b.name() + (exit == 0 ? " not drawn: "
                    + ChartRendering.failure().orElse("no PNG written") : " failed (exit " + exit + "): "
                    + text.toString().lines().reduce((a, c) -> c).orElse("no output")));
            return Optional.empty();
        }
        return Optional.of(png);
    }
}
