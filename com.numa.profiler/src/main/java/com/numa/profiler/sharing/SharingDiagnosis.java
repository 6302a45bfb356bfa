package com.numa.profiler.sharing;

import com.numa.core.io.AtomicFiles;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The sharing diagnosis of -XX:+NUMAProfilerDiagnose, after NumaPerf (ICS'21): word-level false and true
 * sharing of write-shared objects, duplication candidates, remote accesses, thread migration and imbalance, each with a
 * score and the fix in Java terms.
 *
 * <h2>Public surface</h2>
 * <ul>
 * <li>{@link #fieldIds()}: the ids the instrumentation gives fields (the hooks pass them);</li>
 * <li>{@link #tracker()}: what the profiler's runtime reports write-shared objects and their accesses to;</li>
 * <li>{@link #start()}: starts the contention sampler;</li>
 * <li>{@link #report(Facts.Run)}: the ranked issues, then {@link Report#write(Path)} writes issues.csv, and
 * {@link Report#summary(int)} / {@link Report#stderr(int)} give summary.json's section and the exit lines.</li>
 * </ul>
 * Everything else in this package is package-private.
 */
public final class SharingDiagnosis {
    /** How often the contention sampler reads the threads' statistics. */
    static final long SAMPLE_MS = 100;

    private final FieldIds fieldIds = new FieldIds();
    private final WordLayouts layouts;
    private final SharingTracker tracker;
    private final ContentionSampler waits;
    private final Thresholds thresholds;
    private final int sampling;

    /**
     * @param offsets     the running VM's field and array offsets
     * @param hiddenField the profiler's injected field, never an application word
     * @param capacity    objects followed word by word at most at a time
     * @param thresholds  the score each kind of issue must reach
     * @param roles       thread role labels by Java thread id (null when the profiler has not seen the thread)
     * @param sampling    -XX:NUMAProfilerSampling: the tracker sees one access in this many, and scales by it
     */
    public SharingDiagnosis(WordLayouts.Offsets offsets, String hiddenField, int capacity, Thresholds thresholds,
            LongFunction<String> roles, int sampling) {
        this.sampling = sampling;
        this.layouts = new WordLayouts(offsets, hiddenField, fieldIds);
        this.tracker = new SharingTracker(layouts, capacity, sampling);
        this.waits = new ContentionSampler(roles);
        this.thresholds = thresholds;
    }

    public FieldIds fieldIds() {
        return fieldIds;
    }

    public SharingTracker tracker() {
        return tracker;
    }

    public WordLayouts layouts() {
        return layouts;
    }

    public void start() {
        waits.start(SAMPLE_MS);
    }

    /** The diagnosis of the run so far. */
    public Report report(Facts.Run run) {
        ContentionSampler.Snapshot w = waits.snapshot();
        List<Findings> findings = tracker.findings();
        List<Issue> issues = Diagnosis.diagnose(run, findings, w, thresholds);
        return new Report(estimated(issues), run, w, findings);
    }

    /**
     * What a sampled diagnosis says of its counts, or "" for a full one: printed with the issues (issues.csv's evidence,
     * the exit summary, numa diagnose's header) so that no estimate reads as an exact count.
     */
    public static String samplingNote(int sampling) {
        return sampling > 1 ? "sampled 1 in " + sampling + " accesses; counts are estimates" : "";
    }

    /** Under sampling, each issue's evidence says that its counts are estimates (thread waits are not sampled). */
    private List<Issue> estimated(List<Issue> issues) {
        if (sampling == 1) {
            return issues;
        }
        List<Issue> out = new ArrayList<>(issues.size());
        for (Issue i : issues) {
            out.add(i.kind() == IssueKind.THREAD_MIGRATION ? i : i.noted(samplingNote(sampling)));
        }
        return out;
    }

    /** The word-level findings so far, for {@link #issuesSince}: what a span's diagnosis leaves out. */
    public Mark mark() {
        return new Mark(tracker.findings());
    }

    /** Findings at one moment; opaque to callers. */
    public static final class Mark {
        private final List<Findings> findings;

        private Mark(List<Findings> findings) {
            this.findings = findings;
        }
    }

    /**
     * The sharing, remote and duplication issues of the span from {@code since} to now, scored over {@code span} (its
     * own length, threads and site counts). Thread migration and imbalance need the contention sampler's whole-run
     * view and are not reported for a span.
     */
    public List<Issue> issuesSince(Mark since, Facts.Run span) {
        Map<String, Findings> before = new java.util.HashMap<>();
        for (Findings f : since.findings) {
            before.put(f.key(), f);
        }
        List<Findings> grown = new ArrayList<>();
        for (Findings f : tracker.findings()) {
            Findings d = f.since(before.get(f.key()));
            if (d != null) {
                grown.add(d);
            }
        }
        return estimated(Diagnosis.diagnose(span, grown,
                new ContentionSampler.Snapshot(List.of(), 0, 0, span.profiledMs() / 1e3), thresholds));
    }

    /** One diagnosis: the issues and what they were computed from. */
    public final class Report {
        private final List<Issue> issues;
        private final Facts.Run run;
        private final ContentionSampler.Snapshot waits;
        private final List<Findings> findings;

        Report(List<Issue> issues, Facts.Run run, ContentionSampler.Snapshot waits, List<Findings> findings) {
            this.issues = List.copyOf(issues);
            this.run = run;
            this.waits = waits;
            this.findings = findings;
        }

        public List<Issue> issues() {
            return issues;
        }

        /** Writes {@code dir/issues.csv} atomically. */
        public void write(Path dir) throws IOException {
            AtomicFiles.writeString(dir.resolve(ISSUES_CSV), csv(issues));
        }

        /** summary.json's "diagnosis" object, with the first {@code top} issues. */
        public Map<String, Object> summary(int top) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("issues_file", ISSUES_CSV);
            m.put("issues", issues.size());
            m.put("sampling", sampling);
            m.put("counts", sampling > 1 ? samplingNote(sampling) : "exact: every access");
            Map<String, Object> byKind = new LinkedHashMap<>();
            for (IssueKind k : IssueKind.values()) {
                byKind.put(k.label(), issues.stream().filter(i -> i.kind() == k).count());
            }
            m.put("issues_by_kind", byKind);
            m.put("profiled_ms", JsonFiles.rounded(run.profiledMs(), 1));
            m.put("threads_normalizer", Diagnosis.threadNormalizer(run));
            m.put("nodes", run.nodes());
            m.put("tracked_objects", tracker.trackedObjects());
            m.put("refused_objects_table_full", tracker.refusedObjects());
            m.put("parallel_share", JsonFiles.rounded(waits.parallelShare(), 4));
            m.put("thread_migration_score", JsonFiles.rounded(
                    Diagnosis.migrationScore(waits, Diagnosis.threadNormalizer(run)), 4));
            m.put("contention_samples", waits.samples());
            m.put("thresholds", thresholds.format());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Issue i : issues.subList(0, Math.min(top, issues.size()))) {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("rank", i.rank());
                r.put("kind", i.kind().label());
                r.put("score", JsonFiles.rounded(i.score(), 4));
                r.put("score_unit", i.kind().unit());
                r.put("site", i.site());
                r.put("type", i.type());
                r.put("fields", i.words());
                r.put("threads", i.threads());
                r.put("advice", i.advice());
                rows.add(r);
            }
            m.put("top", rows);
            // Every tracked site's counts, below the thresholds too: what the scores were computed from.
            Map<String, String> sites = new java.util.HashMap<>();
            for (Facts.SiteFact f : run.sites()) {
                sites.put(Integer.toString(f.id()), f.site());
            }
            List<Map<String, Object>> tracked = new ArrayList<>();
            findings.stream().sorted(java.util.Comparator.comparingDouble(
                    (Findings f) -> -(f.falseInvalidations + f.trueInvalidations))).limit(top * 2L).forEach(f -> {
                        Map<String, Object> r = new LinkedHashMap<>();
                        r.put("site", sites.getOrDefault(Integer.toString(f.site), "?"));
                        r.put("type", f.type);
                        r.put("objects", f.objects);
                        r.put("writes", f.writes);
                        r.put("false_invalidations", JsonFiles.rounded(f.falseInvalidations, 1));
                        r.put("true_invalidations", JsonFiles.rounded(f.trueInvalidations, 1));
                        r.put("remote_invalidations", JsonFiles.rounded(f.remoteInvalidations, 1));
                        r.put("false_sharing_fields", String.join(", ", f.falseWords));
                        r.put("true_sharing_fields", String.join(", ", f.trueWords));
                        if (!f.layout.isEmpty()) {
                            r.put("layout", f.layout); // JOL's printout of the type, with the real offsets
                        }
                        tracked.add(r);
                    });
            m.put("tracked_sites", tracked);
            return m;
        }

        /** The exit summary's lines: how many issues, then the first {@code top}. */
        public String stderr(int top) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "numa: NUMAProfiler: diagnosis: %d issue%s (%s%s)%n", issues.size(), issues.size() == 1 ? "" : "s",
                    ISSUES_CSV, sampling > 1 ? "; " + samplingNote(sampling) : ""));
            for (Issue i : issues.subList(0, Math.min(top, issues.size()))) {
                sb.append(String.format(Locale.ROOT, "numa: NUMAProfiler:   %d. %s %s %s%s%s%n", i.rank(),
                        i.kind().label(), formatScore(i.score()), i.kind().unit(),
                        i.site().isEmpty() ? "" : " at " + i.site(),
                        (i.type().isEmpty() ? "" : " (" + i.type() + ")")
                                + (i.words().isEmpty() ? "" : ": " + i.words())));
            }
            return sb.toString();
        }
    }

    public static final String ISSUES_CSV = "issues.csv";

    /** The columns of issues.csv, in order. */
    public static final List<String> COLUMNS = List.of("rank", "kind", "score", "score_unit", "times_threshold", "site",
            "type", "fields", "threads", "advice", "evidence");

    static String csv(List<Issue> issues) {
        return CsvTables.table(COLUMNS, out -> {
            for (Issue i : issues) {
                out.printRecord(i.rank(), i.kind().label(), formatScore(i.score()), i.kind().unit(),
                        formatScore(i.timesThreshold()), i.site(), i.type(), i.words(), i.threads(), i.advice(),
                        i.evidence());
            }
        });
    }

    /** Four significant digits. */
    static String formatScore(double v) {
        if (Double.isInfinite(v)) {
            return "inf";
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
