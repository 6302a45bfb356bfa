package com.numa.characterize.run;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.MethodSpan;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.child.AgentJar;
import com.numa.core.child.ApplicationFailure;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.TargetJava;
import com.numa.core.flags.CoreFlags;
import com.numa.core.io.AtomicFiles;
import com.numa.core.io.JsonFiles;
import com.numa.core.log.NumaLog;
import com.numa.core.window.MeasurementWindow;
import com.numa.core.window.MethodWindow;
import com.numa.perfutil.events.StudyEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Starts one benchmark in one configuration in a child JVM with the numa agent, and keeps what it measured in the
 * run's directory ({@code <out>/runs/<benchmark>/<configuration>-<kind>/}: perfutil.csv or profile/, the iteration
 * log, the child's stdout and stderr, and run.json last). A run whose run.json is there with the same fingerprint is
 * not run again. Prints a progress line per run and per iteration, with the time left estimated from the runs so far.
 */
public final class Runner {
    /** What a run measures. */
    public enum Kind { COUNTERS, PROFILE }

    /** Every event the study would like; PerfUtil drops, with one message, what the machine cannot count. */
    public static final List<String> EVENTS = StudyEvents.ALL;

    /**
     * How the study profiles: the profiler on, seeing what the program touches (primitive fields and array elements, the
     * JDK's collections, java.util.concurrent and atomics), not only the application's reference accesses: a dependency
     * through a shared counter or a synchronized map is a dependency (docs/profiling-coverage.md).
     */
    public static final List<String> PROFILE_COVERAGE = List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerCoverage=program");
    private final Path agentJar;
    private final TargetJava java;
    private final Path outDir;
    private final NumaLog log;
    private final Duration timeout;
    private final int profilerSampling;
    private final int totalRuns;
    private final KernelSampling kernelSampling;
    /** Each benchmark's last application failure, said in full once. */
    private final Map<String, ApplicationFailure> reported = new HashMap<>();
    private int started;
    private long spentNs;
    private int timed;

    public Runner(Path agentJar, TargetJava java, Path outDir, NumaLog log, Duration timeout,
            int profilerSampling, int totalRuns, KernelSampling kernelSampling) {
        this.kernelSampling = kernelSampling;
        this.agentJar = agentJar;
        this.java = java;
        this.outDir = outDir;
        this.log = log;
        this.timeout = timeout;
        this.profilerSampling = profilerSampling;
        this.totalRuns = totalRuns;
    }

    /**
     * What the counters runs sample from the kernel: nothing, the locality source, or also (in Dual Node only, where
     * the allocation sites are read) JFR's old-object sampler.
     */
    public enum KernelSampling {
        OFF, LOCALITY, LOCALITY_AND_SITES
    }

    /** The directory of one run. */
    public Path runDir(Benchmark b, Configuration c, Kind kind) {
        return runDir(outDir, b.name(), c, kind);
    }

    /** The directory of one run of {@code benchmark} in the characterization written to {@code outDir}. */
    public static Path runDir(Path outDir, String benchmark, Configuration c, Kind kind) {
        return outDir.resolve("runs").resolve(safe(benchmark)).resolve(c.option() + "-"
                + kind.name().toLowerCase(Locale.ROOT));
    }

    /** Runs (or finds, when an identical run finished before) one benchmark in one placement. */
    public RunRecord run(Benchmark b, RunOptions options, Placement placement, Kind kind, String fingerprint)
            throws IOException {
        started++;
        Path dir = runDir(b, placement.configuration(), kind);
        Path record = dir.resolve("run.json");
        String what = b.name() + " " + placement.configuration().label() + " (" + kind.name().toLowerCase(Locale.ROOT) + ")";
        if (Files.isRegularFile(record)) {
            RunRecord before = JsonFiles.mapper().readValue(record.toFile(), RunRecord.class);
            if (before.fingerprint().equals(fingerprint) && before.succeeded()) {
                log.info(String.format(Locale.ROOT, "[%d/%d] %s: done by an earlier run, kept", started, totalRuns, what));
                return before;
            }
        }
        log.info(String.format(Locale.ROOT, "[%d/%d] %s%s", started, totalRuns, what, timeLeft()));
        deleteTree(dir);
        Files.createDirectories(dir);
        Path iterations = dir.resolve("iterations.jsonl");
        List<String> flags = new ArrayList<>(List.of("-XX:NUMATopology=" + placement.topologySpec()));
        Optional<MethodSpan> window = b.methodWindow();
        flags.addAll(apiFlags(b));
        if (kind == Kind.COUNTERS) {
            window.ifPresent(w -> flags.addAll(w.flags()));
            flags.addAll(List.of("-XX:+PerfUtil", "-XX:PerfUtilEvents=" + String.join(",", EVENTS),
                    "-XX:PerfUtilOutput=" + dir.resolve("perfutil.csv")));
            if (kernelSampling != KernelSampling.OFF) {
                flags.add("-XX:+PerfUtilKernelLocality");
            }
            if (kernelSampling == KernelSampling.LOCALITY_AND_SITES && placement.configuration() == Configuration.DUAL) {
                flags.add("-XX:+PerfUtilLocalitySites");
            }
        } else {
            flags.addAll(PROFILE_COVERAGE);
            flags.addAll(List.of("-XX:+NUMAProfilerQuiet", "-XX:NUMAProfilerSampling=" + profilerSampling,
                    "-XX:NUMAProfilerOutput=" + dir.resolve("profile")));
            flags.addAll(profiledWindow(b));
        }
        ChildJvm child = ChildJvm.on(java).via(placement.wrapper())
                .options("-D" + MeasurementWindow.FILE_PROPERTY + "=" + iterations)
                .agent(agentJar, flags).launch(b.javaArguments(options, AgentJar.plainClasses(agentJar))).timeout(timeout);
        AtomicFiles.writeString(dir.resolve("command.txt"), String.join(" ", child.command()) + "\n");
        IterationProgress progress = new IterationProgress(iterations, log,
                b.marksIterations() ? options.warmup() + options.iterations() : 0);
        ChildRun r;
        try {
            progress.start();
            r = child.run();
        } finally {
            progress.stop();
        }
        AtomicFiles.writeString(dir.resolve("stdout.txt"), r.stdout());
        AtomicFiles.writeString(dir.resolve("stderr.txt"), r.stderr());
        spentNs += r.wallNs();
        timed++;
        IterationLog its = IterationLog.read(iterations);
        ApplicationFailure application = ApplicationFailure.of(r).orElse(null);
        String failure = application != null ? application.oneLine() + " (see " + outputOf(application, dir) + ")"
                : failure(b, kind, dir, r, its);
        boolean windowed = b.marksIterations() || window.isPresent() && !its.measuredNs().isEmpty();
        List<Long> times = windowed ? its.measuredNs() : List.of(r.wallNs());
        List<String> warnings = failure.isEmpty() && window.isPresent() ? windowWarnings(window.get(), kind, r, its) : List.of();
        RunRecord result = new RunRecord(b.name(), placement.configuration().option(), kind.name().toLowerCase(Locale.ROOT),
                fingerprint, r.timedOut() ? -1 : r.exitCode(), r.wallNs(), times, windowed, its.warmups(), failure, warnings,
                application);
        JsonFiles.write(record, result);
        if (application != null) {
            reportApplicationFailure(b, what, application, dir);
        } else if (!failure.isEmpty()) {
            log.info("  " + what + " failed: " + failure);
        }
        for (String w : warnings) {
            log.info("  " + what + ": warning: " + w);
        }
        return result;
    }

    /** The agent's API for a benchmark that marks its iterations: its harness calls MeasurementWindow, the agent's. */
    static List<String> apiFlags(Benchmark b) {
        return b.marksIterations() ? List.of("-XX:+" + CoreFlags.AGENT_API.name()) : List.of();
    }

    /**
     * What a profile of {@code b} covers, as NUMA flags: its measured iterations, or the spans of its method window;
     * none for the whole run. The study's profile and the diagnosis it proposes cover the same.
     */
    static List<String> profiledWindow(Benchmark b) {
        List<String> flags = new ArrayList<>();
        b.methodWindow().ifPresent(w -> flags.addAll(w.flags()));
        if (b.marksIterations() || b.methodWindow().isPresent()) {
            flags.add("-XX:+NUMAProfilerIterations");
        }
        return flags;
    }

    /**
     * What the child said about its method window (MethodWindowMarks' warnings at exit: a method never entered, a span
     * never closed), and what that means for this run's numbers.
     */
    static List<String> windowWarnings(MethodSpan window, Kind kind, ChildRun r, IterationLog its) {
        List<String> out = new ArrayList<>();
        for (String line : r.stderr().lines().toList()) {
            int at = line.indexOf(MethodWindow.WARNING_PREFIX);
            if (at >= 0) {
                // the child names its flags; the user gave characterize's options
                out.add(line.substring(at + MethodWindow.WARNING_PREFIX.length()).strip()
                        .replace("-XX:NUMAWindowStartAt=", "--start-at ").replace("-XX:NUMAWindowStopAt=", "--stop-at "));
            }
        }
        if (its.measuredNs().isEmpty()) {
            if (out.isEmpty()) {
                out.add("no span " + window.describe() + " was measured");
            }
            out.add(kind == Kind.COUNTERS ? "counters and time cover the whole run instead"
                    : "the profile is left out: no span of the window closed");
        }
        return out;
    }

    /**
     * The application's failure, the first thing said about the run: in full (its last lines on stderr) the first
     * time, one line naming the run when a later run of the same benchmark fails the same way.
     */
    private void reportApplicationFailure(Benchmark b, String what, ApplicationFailure application, Path dir) {
        Path file = outputOf(application, dir);
        if (application.equals(reported.put(b.name(), application))) {
            log.info("  " + what + " failed the same way: " + application.headline() + " (see " + file + ")");
        } else if (application.crash() != null) {
            log.info("  " + what + " failed: " + application.headline() + " (see " + file + ")");
        } else {
            List<String> lines = application.lines();
            log.info("  " + what + ": " + lines.get(0));
            lines.subList(1, lines.size()).forEach(l -> log.info("  " + l));
            log.info("  (all of it in " + file + ")");
        }
    }

    /** Where a failed application's own words are: a crash's fatal error report goes to stdout, anything else to stderr. */
    private static Path outputOf(ApplicationFailure application, Path dir) {
        return dir.resolve(application.crash() != null ? "stdout.txt" : "stderr.txt");
    }

    private String failure(Benchmark b, Kind kind, Path dir, ChildRun r, IterationLog its) {
        if (r.timedOut()) {
            return "timed out after " + timeout.toSeconds() + " s";
        }
        if (b.marksIterations() && its.measuredNs().isEmpty()) {
            return "no measured iteration was marked (see " + dir.resolve("stderr.txt") + ")";
        }
        if (!its.allPassed()) {
            return "an iteration did not pass its harness's validation";
        }
        if (kind == Kind.COUNTERS && !Files.isRegularFile(dir.resolve("perfutil.csv"))) {
            return "PerfUtil wrote no counters: " + lastLine(r.stderr());
        }
        if (kind == Kind.PROFILE && !Files.isRegularFile(dir.resolve("profile/summary.json"))) {
            return "the profiler wrote no profile: " + lastLine(r.stderr());
        }
        return "";
    }

    private String timeLeft() {
        if (timed == 0) {
            return "";
        }
        long leftS = spentNs / timed * (totalRuns - started + 1) / 1_000_000_000L;
        return String.format(Locale.ROOT, ", about %dm%02ds left", leftS / 60, leftS % 60);
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1).strip();
    }

    /** A name as a directory name: anything but letters, digits, dot, dash and underscore becomes an underscore. */
    public static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.exists(p)) {
            try (var s = Files.walk(p)) {
                for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        }
    }
}
