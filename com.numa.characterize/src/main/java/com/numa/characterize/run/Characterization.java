package com.numa.characterize.run;

import com.numa.characterize.analysis.Classifier;
import com.numa.characterize.analysis.KernelShares;
import com.numa.characterize.analysis.Locality;
import com.numa.perfutil.locality.KernelLocality;
import com.numa.perfutil.locality.KernelLocalitySampler;
import com.numa.characterize.analysis.Parallelism;
import com.numa.characterize.analysis.PerfUtilRows;
import com.numa.characterize.analysis.Verdict;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.child.ApplicationFailure;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.SharingAdvice;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The study over a list of benchmarks: each runs with counters in every requested configuration that can be formed,
 * and once under the profiler in Single Node; then Tables 2, 4, 5 and 6 and the categories are derived. A failed run
 * is reported and the others go on.
 */
public final class Characterization {
    private final Runner runner;
    private final Placements placements;
    private final List<Configuration> configurations;
    private final boolean profile;
    private final Classifier classifier;
    private final DiagnoseCommandLine diagnose;

    public Characterization(Runner runner, Placements placements, List<Configuration> configurations, boolean profile,
            Classifier classifier, DiagnoseCommandLine diagnose) {
        this.diagnose = diagnose;
        this.runner = runner;
        this.placements = placements;
        this.configurations = List.copyOf(configurations);
        this.profile = profile;
        this.classifier = classifier;
    }

    /** Table 5 from the kernel locality source, from the files beside each counters run's PerfUtil CSV. */
    private KernelShares kernelShares(Benchmark b, Map<Configuration, PerfUtilRows> rows) throws IOException {
        Map<String, Path> csv = new LinkedHashMap<>();
        Map<String, PerfUtilRows> byOption = new LinkedHashMap<>();
        rows.forEach((c, r) -> {
            csv.put(c.option(), runner.runDir(b, c, Runner.Kind.COUNTERS).resolve("perfutil.csv"));
            byOption.put(c.option(), r);
        });
        return KernelShares.read(csv, byOption, KernelLocality.whyNotMeasured(KernelLocalitySampler.realNodeCount())
                .orElse("not sampled (--no-kernel-locality, or the runs predate it)"));
    }

    /** How many runs {@link #characterize} will start for {@code benchmarks} (for the progress lines). */
    public static int runCount(int benchmarks, Placements placements, List<Configuration> configurations, boolean profile) {
        int perBenchmark = (int) configurations.stream().filter(c -> placements.of(c) != null).count();
        boolean single = placements.of(Configuration.SINGLE) != null && configurations.contains(Configuration.SINGLE);
        return benchmarks * (perBenchmark + (profile && single ? 1 : 0));
    }

    public ApplicationResult characterize(Benchmark b, RunOptions options, String fingerprint) throws IOException {
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        Map<String, Double> medians = new LinkedHashMap<>();
        Map<Configuration, PerfUtilRows> rows = new LinkedHashMap<>();
        Map<String, RunRecord> failed = new LinkedHashMap<>();
        for (Configuration c : configurations) {
            Placement p = placements.of(c);
            if (p == null) {
                continue;
            }
            RunRecord r = runner.run(b, options, p, Runner.Kind.COUNTERS, fingerprint);
            runs.put(c.option() + "-counters", r);
            if (r.succeeded()) {
                medians.put(c.option(), Stats.median(r.iterationNs().stream().mapToLong(Long::longValue).toArray()));
                rows.put(c, PerfUtilRows.read(runner.runDir(b, c, Runner.Kind.COUNTERS).resolve("perfutil.csv")));
            } else {
                failed.put(c.label(), r);
            }
        }
        ProfileSummary profiled = null;
        Placement single = placements.of(Configuration.SINGLE);
        Configuration profiledOn = profiledOn(placements, configurations);
        if (profile && single != null && configurations.contains(Configuration.SINGLE)) {
            RunRecord r = runner.run(b, options, placements.of(profiledOn), Runner.Kind.PROFILE, fingerprint);
            runs.put(profiledOn.option() + "-profile", r);
            Path dir = runner.runDir(b, profiledOn, Runner.Kind.PROFILE).resolve("profile");
            if (r.succeeded() && Files.isRegularFile(dir.resolve("summary.json"))) {
                profiled = ProfileSummary.read(dir);
                if (!r.windowed() && b.methodWindow().isPresent()) {
                    profiled = null; // no span closed: the profile covers nothing or another window than the counters
                }
            } else {
                failed.put("profiler", r);
            }
        }
        // Table 2 comes from Single Node as in the study; from the first configuration that ran otherwise
        PerfUtilRows base = rows.containsKey(Configuration.SINGLE) ? rows.get(Configuration.SINGLE)
                : rows.values().stream().findFirst().orElse(null);
        Parallelism parallelism = base == null ? null
                : Parallelism.of(base, profiled == null ? Map.of() : profiled.workByThread(), classifier.thresholds());
        Locality locality = Locality.of(rows.get(Configuration.SINGLE), rows.get(Configuration.DUAL),
                kernelShares(b, rows));
        double scaling = medians.containsKey("single") && medians.containsKey("all")
                ? medians.get("single") / medians.get("all") : Double.NaN;
        double fastestScaling = fastest(runs, "single") / fastest(runs, "all");
        Verdict verdict = parallelism == null ? null
                : classifier.classify(parallelism, profiled == null ? Double.NaN : profiled.sharedReadPct(),
                        profiled == null ? Double.NaN : profiled.sharedWritePct(), locality, scaling, fastestScaling,
                        evidence(parallelism, base, windowSeconds(runs, rows), profiled,
                                placements.of(profiledOn) == null ? 0 : placements.of(profiledOn).cpus().size(),
                                profileCost(runs, profiledOn)),
                        rows.containsKey(Configuration.ALL) ? Parallelism.of(rows.get(Configuration.ALL), Map.of(),
                                classifier.thresholds()).parallelThreads() : -1);
        if (verdict != null && profiled != null) {
            verdict = advise(verdict, profiled, b, options);
        }
        return new ApplicationResult(b.name(), b.paperCounterpart().orElse(""), b.acceptableCategories().orElse(null), runs,
                parallelism, profiled, locality, medians, verdict, failures(failed), measured(b, runs), warnings(runs));
    }

    /** The fastest measured iteration of a configuration's counters run in ns; NaN where it did not run. */
    private static double fastest(Map<String, RunRecord> runs, String option) {
        RunRecord r = runs.get(option + "-counters");
        return r == null || !r.succeeded() || r.iterationNs().isEmpty() ? Double.NaN
                : r.iterationNs().stream().mapToLong(Long::longValue).min().getAsLong();
    }

    /** The verdict with the profile's shared objects to change and the diagnosis to run, where it has dependencies. */
    private Verdict advise(Verdict v, ProfileSummary profiled, Benchmark b, RunOptions options) {
        boolean writes = v.dataDependency() == DataDependency.READ_WRITE;
        List<SharingAdvice.Target> targets = SharingAdvice.targets(v.dataDependency(), profiled.sharedObjects(),
                profiled.sharedAccesses(writes));
        return targets.isEmpty() ? v : v.withAdvice(new SharingAdvice.Advice(targets,
                diagnose.of(b, options, SharingAdvice.diagnoseSampling(targets))));
    }

    /**
     * Why runs failed, each {@code label: reason}; the application's own failure comes first and once, with every run
     * that failed the same way ({@code Single Node, profiler: the application failed: exit code 1: ...}).
     */
    static List<String> failures(Map<String, RunRecord> failed) {
        ApplicationFailure first = failed.values().stream().map(RunRecord::application).filter(Objects::nonNull)
                .findFirst().orElse(null);
        List<String> same = new ArrayList<>();
        List<String> others = new ArrayList<>();
        String said = "";
        for (Map.Entry<String, RunRecord> e : failed.entrySet()) {
            if (first != null && first.equals(e.getValue().application())) {
                same.add(e.getKey());
                said = said.isEmpty() ? e.getValue().failure() : said;
            } else {
                others.add(e.getKey() + ": " + e.getValue().failure());
            }
        }
        List<String> out = new ArrayList<>();
        if (!same.isEmpty()) {
            out.add(String.join(", ", same) + ": " + said);
        }
        out.addAll(others);
        return out;
    }

    /** What the verdict rests on: Table 2's run (its counters and window) and the profile, when there is one. */
    static Evidence evidence(Parallelism p, PerfUtilRows rows, double windowSeconds, ProfileSummary profile,
            int profileCpus, double profileCost) {
        PerfUtilRows.ThreadEvidence seen = rows.evidence();
        return new Evidence(windowSeconds, p.appCpuSeconds(), p.appCpuSharePct(),
                seen.known() ? (int) seen.javaThreadsMeasured() : p.threadsMeasured(),
                seen.known() ? (int) seen.javaThreadsStarted() : -1, rows.unmeasuredCpuPct(), rows.minCoverage(),
                p.turnedOverPools(),
                p.mainTakesPart(), profile == null ? -1 : profile.accesses(), profile == null ? 1 : profile.samplingOneIn(),
                profile == null ? Double.NaN : profile.unknownOwnerPct(), profile == null ? 0 : profile.sideTableRefusals(),
                profile == null ? "" : blindSpots(profile, profileCpus, p.parallelThreads()),
                profile == null ? Double.NaN : profileCost, p.startSpreadPct());
    }

    /**
     * What profiling cost the application: the profile run's wall time over the counters run's in the configuration it
     * ran in (whole processes, start-up included; PerfUtil's own cost is in both); NaN when either did not succeed.
     */
    static double profileCost(Map<String, RunRecord> runs, Configuration profiledOn) {
        RunRecord profile = runs.get(profiledOn.option() + "-profile");
        RunRecord plain = runs.get(profiledOn.option() + "-counters");
        return profile == null || plain == null || !profile.succeeded() || !plain.succeeded() || plain.wallNs() <= 0
                ? Double.NaN : profile.wallNs() / (double) plain.wallNs();
    }

    /**
     * Where the profile runs: Single Node as in the study, unless Single Node has one CPU and All Nodes runs too. On one
     * CPU threads take turns for a time slice each, so a word that threads write in alternation on a larger machine is
     * written in long runs by one thread: the owner-is-last-writer profile then sees almost no shared writes.
     */
    static Configuration profiledOn(Placements placements, List<Configuration> configurations) {
        Placement single = placements.of(Configuration.SINGLE);
        Placement all = placements.of(Configuration.ALL);
        boolean oneCpu = single != null && single.cpus().size() < 2;
        return oneCpu && all != null && all.cpus().size() >= 2 && configurations.contains(Configuration.ALL)
                ? Configuration.ALL : Configuration.SINGLE;
    }

    /** What the profile did not see, each with its fix, for the evidence ("" when nothing is known to be missing). */
    static String blindSpots(ProfileSummary profile, int profileCpus, int parallelThreads) {
        List<String> unseen = new ArrayList<>();
        if (!profile.primitivesProfiled()) {
            unseen.add("primitive fields and elements (-XX:NUMAProfilerCoverage=program sees them)");
        }
        if (profile.jdkClassesProfiled().isEmpty()) {
            unseen.add("the JDK's collections, locks and atomics (-XX:NUMAProfilerCoverage=program sees them)");
        }
        if (!profile.hiddenByIntrinsics().isEmpty()) {
            unseen.add(profile.hiddenByIntrinsics() + " once compiled (C2 intrinsics; the profiled JVM was started "
                    + "without -XX:DisableIntrinsic for them)");
        }
        if (profileCpus == 1 && parallelThreads >= 2) {
            unseen.add("writes that alternate between threads: it ran on one CPU, where threads take turns (add all to "
                    + "--configs, or give each node two CPUs)");
        }
        return String.join("; nor ", unseen);
    }

    /** The measured window's wall time in Table 2's run (Single Node's, else the first that ran): its iterations. */
    static double windowSeconds(Map<String, RunRecord> runs, Map<Configuration, PerfUtilRows> rows) {
        Configuration c = rows.containsKey(Configuration.SINGLE) ? Configuration.SINGLE
                : rows.keySet().stream().findFirst().orElse(null);
        RunRecord r = c == null ? null : runs.get(c.option() + "-counters");
        return r == null ? Double.NaN : r.iterationNs().stream().mapToLong(Long::longValue).sum() / 1e9;
    }

    /** What the counters and times of the runs cover, as Table 6 says it. */
    static String measured(Benchmark b, Map<String, RunRecord> runs) {
        if (b.marksIterations()) {
            return "measured iterations";
        }
        if (b.methodWindow().isEmpty()) {
            return "whole run";
        }
        List<RunRecord> counters = runs.values().stream().filter(r -> r.kind().equals("counters") && r.succeeded()).toList();
        long windowed = counters.stream().filter(RunRecord::windowed).count();
        String window = "window " + b.methodWindow().get().describe();
        return windowed == counters.size() ? window
                : windowed == 0 ? "whole run (the window was never measured)"
                        : window + " in " + windowed + " of " + counters.size() + " runs, the whole run in the others";
    }

    /** Each distinct warning once, with the runs it came from ("(single-counters, all-counters)"). */
    static List<String> warnings(Map<String, RunRecord> runs) {
        Map<String, List<String>> byText = new LinkedHashMap<>();
        runs.forEach((label, r) -> r.warnings().forEach(w -> byText.computeIfAbsent(w, k -> new ArrayList<>()).add(label)));
        List<String> out = new ArrayList<>();
        byText.forEach((w, labels) -> out.add(w + " (" + String.join(", ", labels) + ")"));
        return out;
    }
}
