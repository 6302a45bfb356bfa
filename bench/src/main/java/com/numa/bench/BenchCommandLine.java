package com.numa.bench;

import com.numa.bench.workloads.Workloads;
import com.numa.core.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The command line of the bench drivers (ProfilerOverhead, OptOverhead, LibrarySuiteRun): picocli with each driver's
 * {@code --help}; a bad option, a missing value, a non-number or a value out of range is one line
 * {@code <Tool>: <problem> (see --help)} on stderr and exit {@value #USAGE_ERROR}, as numa's own launcher does, rather
 * than a stack trace or a page of usage. A run that fails is one message (with the child's diagnostics) and exit 1.
 */
public final class BenchCommandLine {
    /** Exit code of a usage error. */
    public static final int USAGE_ERROR = 2;

    private BenchCommandLine() {
    }

    /** The command line of {@code tool} (a picocli {@code @Command}), its problems going to {@code err}. */
    public static CommandLine of(Object tool, PrintStream err) {
        CommandLine cli = new CommandLine(tool);
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler((e, args) -> {
            CommandLine line = e.getCommandLine();
            line.getErr().println(line.getCommandName() + ": " + e.getMessage().strip().replaceAll("\\s*\\R\\s*", " ")
                    + " (see --help)");
            return USAGE_ERROR;
        });
        // a failed child run says what it ran and what it printed: that, not a stack trace, is what to read
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println(line.getCommandName() + ": failed: " + e);
            return 1;
        });
        return cli;
    }

    /** {@code cli} with the built-in workloads and their descriptions listed at the end of its help. */
    public static CommandLine listingWorkloads(CommandLine cli) {
        List<String> footer = new ArrayList<>(List.of("", "Workloads:"));
        // help text is a format string: a description's '%' must stay a character
        Workloads.describe().forEach(line -> footer.add(line.replace("%", "%%")));
        cli.getCommandSpec().usageMessage().footer(footer.toArray(String[]::new));
        return cli;
    }

    /** A usage error found after parsing (a value out of range, a bad -XX: flag): reported like a parse error. */
    public static void require(CommandSpec spec, boolean valid, String problem) {
        if (!valid) {
            throw new ParameterException(spec.commandLine(), problem);
        }
    }

    /**
     * A driver's result: its CSV table and the {@code # } summary line below it on standard output, and both in
     * {@code csv} (written atomically) when the user asked for a file.
     */
    public static void publish(String table, String summary, Path csv) throws IOException {
        System.out.print(table);
        System.out.print(summary);
        if (csv != null) {
            AtomicFiles.writeString(csv, table + summary);
        }
    }

    /** Converts a {@code --workloads} name to the registry's workload. */
    public static final class WorkloadName implements CommandLine.ITypeConverter<Workloads.Entry> {
        @Override
        public Workloads.Entry convert(String name) {
            try {
                return Workloads.named(name.trim());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
