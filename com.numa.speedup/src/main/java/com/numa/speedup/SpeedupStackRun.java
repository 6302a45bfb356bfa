package com.numa.speedup;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code numa speedup-stack} for another tool (numa characterize draws one per benchmark): the same checks, runs and
 * outputs as the command, with its text kept instead of printed. One run of the application per thread count and
 * mode ({@code --repeat}) is the caller's choice.
 */
public final class SpeedupStackRun {
    /** The stack's chart, in the output directory, when the chart could be drawn. */
    public static final String CHART = "speedup_stack.png";

    /**
     * What a run gave.
     *
     * @param exitCode the command's exit status (0 done; see {@link SpeedupStackCommand})
     * @param output   what it printed, stdout and stderr together
     * @param dir      the output directory
     */
    public record Result(int exitCode, String output, Path dir) {
        /** Where the chart is ({@value #CHART}); it may be missing, see {@code ChartRendering}. */
        public Path chart() {
            return dir.resolve(CHART);
        }

        /** The last line printed, "no output" when there was none. */
        public String lastLine() {
            return output.lines().reduce((a, c) -> c).orElse("no output");
        }
    }

    private SpeedupStackRun() {
    }

    /**
     * The speedup stack of {@code javaArguments} (with {@code {threads}} where the thread count goes) at each of
     * {@code threadCounts} (1 among them), {@code repeat} runs each, written into {@code dir}.
     */
    public static Result run(Path dir, List<Integer> threadCounts, int repeat, List<String> javaArguments) {
        List<String> args = new ArrayList<>(List.of("--threads",
                threadCounts.stream().map(String::valueOf).collect(Collectors.joining(",")), "--repeat",
                Integer.toString(repeat), "--out", dir.toString(), "--"));
        args.addAll(javaArguments);
        StringWriter text = new StringWriter();
        picocli.CommandLine cl = new picocli.CommandLine(new SpeedupStackCommand());
        cl.setOut(new PrintWriter(text, true));
        cl.setErr(new PrintWriter(text, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new Result(exit, text.toString(), dir);
    }
}
