package com.numa.diagnose;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.TargetJava;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import com.numa.profiler.ProfilerFlags;
import com.numa.profiler.sharing.SharingDiagnosis;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code numa diagnose [--top N] [--out DIR] [NUMA flags] -- <java arguments>}: runs the application once under the
 * profiler with its sharing diagnosis on ({@code -XX:+NUMAProfiler -XX:+NUMAProfilerDiagnose}, every field and element
 * access, see {@code com.numa.profiler.sharing.SharingDiagnosis}), then prints the ranked issues of
 * {@code DIR/issues.csv}. The application's own output goes to this terminal as it runs.
 *
 * <p>Exit code: the application's when it failed; else 0 when the diagnosis was written, 1 when it was not (the
 * application did not start, or was killed before its exit); 2 for bad usage (one line naming the problem), 126 when
 * java cannot be started.
 */
@Command(name = "diagnose", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Diagnose an application's NUMA issues as NumaPerf does, in Java terms: false and true sharing per "
                + "field or array element, data to duplicate per node, remote accesses, thread migration and imbalance, "
                + "each with a score and the fix to try. Runs the application once under the profiler (every field and "
                + "element access is intercepted: expect it to run several times slower) and prints the ranked issues.",
            "",
            "  numa diagnose -- -cp app.jar com.example.Main",
            "  numa diagnose --top 5 -XX:NUMATopology=2 -XX:NUMAProfilerInclude=com.example.** -- -jar app.jar",
            "",
            "NUMA flags (-XX:NUMATopology, -XX:NUMAProfiler..., e.g. -XX:NUMAProfilerDiagnoseThresholds=false-sharing=1) "
                    + "may come before '--' or among the java options; the profile, issues.csv included, goes to --out."},
        customSynopsis = "numa diagnose [--top N] [--out DIR] [NUMA flags] -- <java arguments as numa vm takes them>")
public final class DiagnoseCommand implements Callable<Integer> {
    public static final int USAGE = 2;
    public static final int NO_DIAGNOSIS = 1;
    public static final int CANNOT_START = 126;

    @Option(names = "--top", paramLabel = "N", description = "issues to print (default: ${DEFAULT-VALUE})")
    private int top = 10;

    @Option(names = "--out", paramLabel = "DIR", description = "the profile's directory: issues.csv, summary.json, "
            + "sites.csv, ... (default: ${DEFAULT-VALUE})")
    private Path out = Path.of("numa-diagnosis");

    @Parameters(paramLabel = "JAVA_ARGS", description = "after --: the application, as numa vm takes it")
    private List<String> javaArgs = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final Map<String, String> env;
    private final LaunchSupport support;

    public DiagnoseCommand(Map<String, String> env, LaunchSupport support) {
        this.env = env;
        this.support = support;
    }

    /**
     * Picocli hands unknown options over as parameters (so that -XX: flags reach us); before '--' only NUMA flags may
     * be among them: the first other one, or null.
     */
    private String strayBeforeDelimiter() {
        List<String> original = spec.commandLine().getParseResult() == null ? List.of()
                : spec.commandLine().getParseResult().originalArgs();
        int delimiter = original.indexOf("--");
        if (delimiter < 0) {
            return null;
        }
        int before = javaArgs.size() - (original.size() - delimiter - 1);
        for (String a : javaArgs.subList(0, Math.max(0, before))) {
            if (!support.split(List.of(a)).get(1).isEmpty()) {
                return a;
            }
        }
        return null;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (javaArgs.isEmpty()) {
            err.println("numa: diagnose: no application given: put the java arguments after '--', e.g. "
                    + "numa diagnose -- -cp app.jar com.example.Main");
            return USAGE;
        }
        if (top < 1) {
            err.println("numa: diagnose: --top must be at least 1, not " + top);
            return USAGE;
        }
        String stray = strayBeforeDelimiter();
        if (stray != null) {
            err.println("numa: diagnose: unknown option '" + stray + "': before '--' come --top, --out and NUMA -XX: "
                    + "flags, the java arguments after it (see 'numa diagnose --help')");
            return USAGE;
        }
        List<List<String>> split = support.split(javaArgs);
        List<String> java = split.get(1);
        if (java.isEmpty()) {
            err.println("numa: diagnose: no application given after the NUMA flags: add the java arguments, e.g. "
                    + "-cp app.jar com.example.Main");
            return USAGE;
        }
        Path dir = out.toAbsolutePath();
        Optional<String> unwritable = OutputPaths.optionProblem("--out", dir, true);
        if (unwritable.isPresent()) {
            err.println("numa: diagnose: " + unwritable.get());
            return USAGE;
        }
        List<String> numa = new ArrayList<>();
        numa.add("-XX:+" + ProfilerFlags.QUIET.name()); // this command prints the issues itself
        // what the program touches, the JDK's collections and atomics included (the user's flags may narrow it)
        numa.add("-XX:" + ProfilerFlags.COVERAGE.name() + "=" + ProfilerFlags.Coverage.PROGRAM.name().toLowerCase(Locale.ROOT));
        numa.addAll(split.get(0));
        numa.add("-XX:+" + ProfilerFlags.ENABLE.name());
        numa.add("-XX:+" + ProfilerFlags.DIAGNOSE.name());
        numa.add("-XX:" + ProfilerFlags.OUTPUT.name() + "=" + dir);
        FlagValues flags;
        try {
            flags = support.parse(numa);
        } catch (FlagException e) {
            err.println("numa: " + e.getMessage());
            return USAGE;
        }
        Path agent = support.agentJarIfReady(flags, err);
        if (agent == null) {
            return USAGE;
        }
        Path issues = dir.resolve(SharingDiagnosis.ISSUES_CSV);
        try {
            Files.deleteIfExists(issues); // so that a run that writes none is not shown the last one's
        } catch (IOException e) {
            err.println("numa: diagnose: cannot replace " + issues + ": " + e.getMessage() + " (choose another --out)");
            return USAGE;
        }
        ChildJvm child = ChildJvm.on(TargetJava.resolve(env, System.getProperty("java.home"))).agent(agent, flags.toArgs())
                .launch(java);
        int exit;
        try {
            exit = child.runInheritingIO();
        } catch (IOException e) {
            err.println("numa: diagnose: cannot start " + child.command().get(0) + ": " + e.getMessage()
                    + " (check JAVA_HOME)");
            return CANNOT_START;
        }
        if (!Files.isRegularFile(issues)) {
            err.println("numa: diagnose: no diagnosis was written to " + dir + " (the application exited " + exit
                    + " before the profiler's exit hook ran, or did not start)");
            return exit != 0 ? exit : NO_DIAGNOSIS;
        }
        try {
            List<Map<String, String>> rows = IssueList.read(issues);
            stdout.printf("numa diagnose: %d issue%s in %s%s%n", rows.size(), rows.size() == 1 ? "" : "s", issues,
                    rows.isEmpty() ? " (none reached its threshold; summary.json lists every tracked site)"
                            : rows.size() > top ? ", the first " + top + ":" : ":");
            stdout.print(IssueList.format(rows, top));
            stdout.flush();
        } catch (IOException | RuntimeException e) {
            err.println("numa: diagnose: cannot read " + issues + ": " + e.getMessage());
            return exit != 0 ? exit : NO_DIAGNOSIS;
        }
        return exit;
    }
}
