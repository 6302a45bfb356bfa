package com.numa.characterize;

import com.numa.characterize.diff.Comparison;
import com.numa.characterize.diff.DiffHtml;
import com.numa.characterize.diff.DiffJson;
import com.numa.characterize.diff.DiffText;
import com.numa.characterize.diff.Output;
import com.numa.characterize.diff.OutputReader;
import com.numa.core.io.AtomicFiles;
import com.numa.core.io.ChartRendering;
import com.numa.core.io.JsonFiles;
import com.numa.core.io.OutputPaths;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code numa diff A B}: two characterizations, diagnoses or profiles of one program, before (A) and after (B) a fix,
 * compared (see {@code com.numa.characterize.diff.Comparison}). Exit code 0 when compared, 1 when an input cannot be
 * read, 2 for bad usage (a missing directory, outputs of two kinds or of two programs, an unwritable --html or
 * --json).
 */
@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare two outputs of one program, before and after a fix: two characterizations (numa "
                + "characterize --out), two diagnoses (numa diagnose --out) or two profiles (numa vm -XX:+NUMAProfiler "
                + "-XX:NUMAProfilerOutput). Shows the categories, shared reads and writes, Table 6, the issues fixed, "
                + "new and unchanged with their scores, and the noise: a difference smaller than the noise between "
                + "repeats is within noise, not a change.",
            "",
            "  numa diff numa-diagnosis-before numa-diagnosis-after",
            "  numa diff before/ after/ --html diff.html --json diff.json",
            "  numa diff run1/ run2/            two runs of one side: the run-to-run noise",
            ""},
        customSynopsis = "numa diff [--html FILE] [--json FILE] [--any-program] BEFORE AFTER")
public final class DiffCommand implements Callable<Integer> {
    static final int USAGE = 2;
    static final int UNREADABLE = 1;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "the output before the fix (a directory)")
    private Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "the output after the fix (a directory)")
    private Path after;

    @Option(names = "--html", paramLabel = "FILE", description = "also write the comparison as one self-contained HTML page")
    private Path html;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the comparison as JSON")
    private Path json;

    @Option(names = "--any-program", description = "compare outputs of programs named differently (app-1.0.jar and "
            + "app-1.1.jar; a characterization with no application in common)")
    private boolean anyProgram;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        for (Path target : new Path[] {html, json}) {
            Optional<String> problem = target == null ? Optional.empty()
                    : OutputPaths.optionProblem(target == html ? "--html" : "--json", target.toAbsolutePath(), false);
            if (problem.isPresent()) {
                err.println("numa: diff: " + problem.get());
                return USAGE;
            }
        }
        Output a;
        Output b;
        try {
            a = OutputReader.read(before);
            b = OutputReader.read(after);
        } catch (IllegalArgumentException e) {
            err.println("numa: diff: " + e.getMessage());
            return USAGE;
        } catch (IOException e) {
            err.println("numa: diff: cannot read the inputs: " + e.getMessage());
            return UNREADABLE;
        }
        Optional<String> problem = Comparison.problem(a, b, anyProgram);
        if (problem.isPresent()) {
            err.println("numa: diff: " + problem.get());
            return USAGE;
        }
        Comparison c = Comparison.of(a, b);
        out.print(DiffText.render(c));
        out.flush();
        try {
            if (html != null) {
                AtomicFiles.writeString(html, DiffHtml.render(c));
                ChartRendering.failure().ifPresent(f -> err.println("numa: diff: " + f));
                err.println("numa: diff: wrote " + html.toAbsolutePath());
            }
            if (json != null) {
                JsonFiles.write(json, DiffJson.of(c));
                err.println("numa: diff: wrote " + json.toAbsolutePath());
            }
        } catch (IOException e) {
            err.println("numa: diff: cannot write: " + e.getMessage());
            return USAGE;
        }
        return 0;
    }
}
