package com.numa.characterize;

import com.numa.characterize.merge.Merge;
import com.numa.core.io.OutputPaths;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code numa merge}: the outputs of many JVMs of one application (Spark's driver and executors, a service's
 * replicas) as one set of tables and one report. Exit code 0 when merged, 1 with {@code --strict} when a file was
 * incomplete or from another run, 2 for bad usage (nothing found, an unwritable {@code --out}).
 */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Merge the outputs of many JVMs (PerfUtil CSVs, NUMAProfiler profiles, NUMAOpts decision logs, "
                + "characterizations) into one set of tables and one report: per JVM, per host and for the application "
                + "as a whole. Files without their completion marker and files from other runs are reported.",
            "",
            "  numa merge /shared/numa-out --out merged",
            "  numa merge 'work/*/perf-*.csv' 'work/*/profile-*' --out merged",
            ""},
        customSynopsis = "numa merge [--out DIR] [--strict] <directory|file|glob>...")
public final class MergeCommand implements Callable<Integer> {
    static final int USAGE = 2;
    static final int INCOMPLETE = 1;

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "directories (searched recursively), files, or "
            + "globs (quoted) holding numa-jvm outputs")
    private List<String> inputs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "output directory; placeholders %%p, %%h, %%t, "
            + "%%{ENV_NAME} as in output flags (default: ${DEFAULT-VALUE})")
    private String out = "numa-merge";

    @Option(names = "--strict", description = "exit 1 when a file is incomplete or from another run")
    private boolean strict;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Path dir = Path.of(OutputPaths.expand(out)).toAbsolutePath();
        var problem = OutputPaths.optionProblem("--out", dir, true);
        if (problem.isPresent()) {
            err.println("numa: merge: " + problem.get());
            return USAGE;
        }
        Merge.Result r;
        try {
            r = Merge.run(inputs, dir);
        } catch (IllegalArgumentException e) {
            err.println("numa: merge: " + e.getMessage());
            return USAGE;
        }
        r.problems().forEach(p -> err.println("numa: merge: " + p));
        err.println("numa: merge: " + r.jvms() + " JVM(s), " + r.files() + " file(s) merged into " + dir
                + "; open report.md");
        err.flush();
        return strict && !r.problems().isEmpty() ? INCOMPLETE : 0;
    }
}
