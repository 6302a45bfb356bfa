package com.numa.bench.profiler;

import com.numa.bench.BenchCommandLine;
import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.flags.FlagException;
import com.numa.vm.NumaFlags;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs a library's published test suite with the JUnit Platform console launcher twice, without and with the profiler
 * agent, and compares the launcher's counts (found, skipped, successful, failed, aborted). Exit code 0 when they match.
 * <pre>
 * java -cp bench/target/benchmarks.jar com.numa.bench.profiler.LibrarySuiteRun
 *      --console junit-platform-console-standalone-1.12.2.jar --class-path &lt;tests dir&gt;:&lt;library and test deps&gt;
 *      --scan &lt;tests dir&gt; --workdir &lt;dir holding src/test/resources if the suite reads files&gt;
 *      [--agent-args "-XX:NUMAProfilerSampling=64"] [--agent-class-path &lt;numa-agent.jar&gt;]
 *      [--jvm-arg -Xmx12g]... (commons-codec's Base64Test.testCodec265 needs more than the default heap here)
 * </pre>
 * The agent's classes go on the launcher's class path, ahead of the suite: pass a minimal --agent-class-path when this
 * class path (e.g. benchmarks.jar, which bundles commons-codec and commons-io) holds copies of the library under test.
 * The suite's classes, the launcher's and the JDK's classes loaded later are all instrumented; with
 * -XX:+BytecodeVerificationLocal the JDK's rewritten classes are verified too.
 */
@Command(name = "LibrarySuiteRun", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs a JUnit Platform suite without and with the NUMA profiler and compares the test counts; "
                + "exit 0 when they are the same.")
public final class LibrarySuiteRun implements Callable<Integer> {
    static final Pattern COUNT = Pattern.compile("\\[\\s*(\\d+) (tests|containers) (found|skipped|started|successful|failed|aborted)\\s*]");

    private static final String CONSOLE_LAUNCHER = "org.junit.platform.console.ConsoleLauncher";

    @Spec
    private CommandSpec spec;

    @Option(names = "--console", paramLabel = "JAR", required = true,
            description = "The JUnit Platform console launcher (junit-platform-console-standalone).")
    private String console;

    @Option(names = "--class-path", paramLabel = "PATH", required = true,
            description = "The suite's class path: its tests, the library and their dependencies.")
    private String classPath;

    @Option(names = "--scan", paramLabel = "DIR|JAR", required = true,
            description = "Where the launcher looks for tests.")
    private String scan;

    @Option(names = "--workdir", paramLabel = "DIR", defaultValue = ".",
            description = "Working directory of the suite, e.g. the one holding src/test/resources "
                    + "(default: ${DEFAULT-VALUE}).")
    private Path workdir;

    @Option(names = "--agent-args", paramLabel = "FLAGS", defaultValue = "",
            description = "More -XX:NUMAProfiler... flags for the profiled run, space-separated.")
    private String agentArgs;

    @Option(names = "--agent-class-path", paramLabel = "PATH", defaultValue = "${sys:java.class.path}",
            description = "Where the agent's classes come from (default: this class path).")
    private String agentClassPath;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "A java option for both runs (repeatable).")
    private List<String> jvmArgs = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /** Runs the tool; returns its exit code (usage errors: one line on {@code err}, exit 2). */
    public static int run(String[] args, PrintStream err) {
        return BenchCommandLine.of(new LibrarySuiteRun(), err).execute(args);
    }

    @Override
    public Integer call() throws IOException {
        List<String> flags = new ArrayList<>(List.of("-XX:+NUMAProfiler"));
        if (!agentArgs.isBlank()) {
            flags.addAll(Arrays.asList(agentArgs.trim().split("\\s+")));
        }
        try {
            NumaFlags.set().parse(flags); // as the agent will, so that a bad flag stops here, not after the first suite
        } catch (FlagException e) {
            throw new ParameterException(spec.commandLine(), "--agent-args: " + e.getMessage());
        }
        Path out = Files.createTempDirectory("numa-suite");
        flags.add("-XX:NUMAProfilerOutput=" + out.resolve("profile"));
        long t0 = System.nanoTime();
        Map<String, Long> plain = counts(ChildJvm.current().options(jvmArgs).classPath(console),
                out.resolve("plain.txt"));
        long plainNs = System.nanoTime() - t0;
        t0 = System.nanoTime();
        Map<String, Long> profiled = counts(ChildJvm.current().options(jvmArgs)
                .options("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal")
                .classPath(console + File.pathSeparator + agentClassPath).agent(AgentJar.manifestOnly(out), flags),
                out.resolve("profiled.txt"));
        long profiledNs = System.nanoTime() - t0;
        if (!Files.exists(out.resolve("profile").resolve("summary.json"))) {
            // The agent reports a failed start and lets the program run unprofiled: equal counts would prove nothing.
            throw new IllegalStateException("the profiler did not run (no summary.json); see "
                    + out.resolve("profiled.txt") + " (is every class the agent needs on --agent-class-path?)");
        }
        System.out.printf("without agent: %s (%.0f s)%nwith profiler: %s (%.0f s)%nlogs and profile in %s%n", plain,
                plainNs / 1e9, profiled, profiledNs / 1e9, out);
        boolean same = plain.equals(profiled) && !plain.isEmpty();
        System.out.println(same ? "SAME RESULTS" : "RESULTS DIFFER");
        return same ? 0 : 1;
    }

    /** Runs the suite in {@code jvm}, keeps its output in {@code log}, and returns the launcher's counts. */
    private Map<String, Long> counts(ChildJvm jvm, Path log) throws IOException {
        ChildRun run = jvm.main(CONSOLE_LAUNCHER, List.of("execute", "--class-path", classPath, "--scan-class-path",
                scan, "--details=summary", "--disable-banner")).directory(workdir).timeout(Duration.ofHours(3)).run();
        Files.writeString(log, run.stdout() + run.stderr());
        if (run.timedOut()) {
            throw new IllegalStateException("suite timed out: " + String.join(" ", run.command()));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        Matcher m = COUNT.matcher(run.stdout());
        while (m.find()) {
            counts.put(m.group(2) + " " + m.group(3), Long.parseLong(m.group(1)));
        }
        if (counts.isEmpty()) {
            throw new IllegalStateException("the JUnit console launcher printed no test counts (exit " + run.exitCode()
                    + "); its output is in " + log);
        }
        return counts;
    }
}
