package com.numa.junit;

import com.numa.core.classification.ThreadWork;
import com.numa.core.classification.Classification;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.ParallelismCategory;
import com.numa.core.classification.Thresholds;
import com.numa.core.classification.WorkShares;
import com.numa.core.types.TypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * What the NUMAProfiler counted in one test method so far: its tables and the assertions over them. A test method of
 * a {@link NumaProfiled} class takes it as a parameter; every read (a table, an assertion) sees the counts up to that
 * moment, so a test asserts after running its workload. Counts are of the accesses the profiler instruments (the
 * classes its -XX:NUMAProfilerInclude selects); "shared" means by another thread than the object's owner, its last
 * writer or allocator, as everywhere in the profiler.
 *
 * <p>Failure messages name the site, type, fields and threads, give the figures, and, where {@code numa diagnose}
 * reports an issue there, its score and advice.
 */
public final class NumaProfile {
    // The rows mirror com.numa.profiler.ProfileSpan's on purpose: that class comes from the agent jar at run time and is
    // not on a user's compile class path (numa-junit depends on the profiler with scope provided), so numa-junit's
    // public API holds only its own types.

    /** One thread's counts in the test. */
    public record ThreadRow(String thread, String role, long reads, long writes, long sharedReads, long sharedWrites,
            long allocations) {
        public long accesses() {
            return reads + writes;
        }
    }

    /**
     * One allocation site's counts in the test: all threads' ({@code thread} empty) or one thread's.
     * {@code writesAfterPublication}: writes once another thread had accessed the object.
     */
    public record SiteRow(String site, String type, boolean array, String thread, long allocations, long reads,
            long writes, long sharedReads, long sharedWrites, long writesAfterPublication) {
        public long accesses() {
            return reads + writes;
        }
    }

    /** One issue of the sharing diagnosis over the test, as numa diagnose prints it (issues.csv's columns). */
    public record IssueRow(int rank, String kind, double score, String unit, double threshold, String site, String type,
            String fields, String threads, String advice, String evidence) {
        String describe() {
            return String.format(Locale.ROOT, "%s %.3g %s (threshold %.3g) at %s (%s)%s%s; evidence: %s; advice: %s",
                    kind, score, unit, threshold, site, type, fields.isEmpty() ? "" : ", fields " + fields,
                    threads.isEmpty() ? "" : ", threads: " + threads, evidence, advice);
        }
    }

    /** The counts of a span; the agent's own types stay inside ProfilerSpan. */
    record Counts(long nanos, boolean diagnosed, int sampling, List<ThreadRow> threads, List<SiteRow> sites,
            List<SiteRow> siteThreads, List<IssueRow> issues) {
        static final Counts NONE = new Counts(0, false, 1, List.of(), List.of(), List.of(), List.of());
    }

    /** The work measure of the parallelism category: the profiler's object accesses. */
    private static final String OA = "accesses";

    private final String test;
    private volatile Supplier<Counts> source = () -> Counts.NONE;

    NumaProfile(String test) {
        this.test = test;
    }

    /** Reads from {@code counts} from now on (the running span, then its final counts). */
    void readFrom(Supplier<Counts> counts) {
        this.source = counts;
    }

    private Counts counts() {
        return source.get();
    }

    /** Per thread, the threads that made profiled accesses or allocations in the test. */
    public List<ThreadRow> threads() {
        return counts().threads();
    }

    /** Per allocation site, all threads together. */
    public List<SiteRow> sites() {
        return counts().sites();
    }

    /** Per allocation site and thread. */
    public List<SiteRow> siteThreads() {
        return counts().siteThreads();
    }

    /** The diagnosis's issues over the test, ranked (empty when -XX:+NUMAProfilerDiagnose is off, see {@link #diagnosed()}). */
    public List<IssueRow> issues() {
        return counts().issues();
    }

    public boolean diagnosed() {
        return counts().diagnosed();
    }

    /** The profiled window's length so far, in nanoseconds. */
    public long nanos() {
        return counts().nanos();
    }

    /** No profiled access or allocation in the test (e.g. it ran no instrumented code). */
    public boolean isEmpty() {
        return counts().threads().isEmpty();
    }

    public long accesses() {
        return counts().threads().stream().mapToLong(ThreadRow::accesses).sum();
    }

    public long sharedReads() {
        return counts().threads().stream().mapToLong(ThreadRow::sharedReads).sum();
    }

    public long sharedWrites() {
        return counts().threads().stream().mapToLong(ThreadRow::sharedWrites).sum();
    }

    /** Shared reads in percent of all profiled accesses (0 when there were none). */
    public double sharedReadPct() {
        return pct(sharedReads(), accesses());
    }

    /** Shared writes in percent of all profiled accesses (0 when there were none). */
    public double sharedWritePct() {
        return pct(sharedWrites(), accesses());
    }

    /**
     * No false sharing in objects of {@code type} or in what they own: the diagnosis reports no false-sharing issue for
     * an instance of {@code type}, nor for an object or array allocated by a method of {@code type} or of its
     * superclasses (what its constructor makes and keeps in a field). An object of a type one of its reference fields
     * can hold, allocated elsewhere, may or may not be reachable from it: the profile knows allocation sites, not which
     * fields refer to what, so such an issue fails with a message naming the type to assert on instead. Needs
     * -XX:+NUMAProfilerDiagnose.
     */
    public void assertNoFalseSharing(Class<?> type) {
        noFalseSharing(type, null);
    }

    /**
     * No false sharing of {@code type}'s field {@code field} with any other word of its cache line; for a field that
     * holds an array or object, no false sharing in the objects of the field's type that {@code type} allocates.
     */
    public void assertNoFalseSharing(Class<?> type, String field) {
        noFalseSharing(type, field);
    }

    private void noFalseSharing(Class<?> type, String field) {
        Counts c = counts();
        requireDiagnosis(c, "assertNoFalseSharing");
        Ownership ownership = new Ownership(type);
        String held = field == null ? null : ownership.referenceFieldType(field);
        List<IssueRow> owned = new ArrayList<>();
        List<IssueRow> undecided = new ArrayList<>();
        for (IssueRow i : c.issues()) {
            if (!"false-sharing".equals(i.kind())) {
                continue;
            }
            switch (ownership.of(i.site(), i.type())) {
                case SELF -> {
                    if (field == null || namesField(i.fields(), field)) {
                        owned.add(i);
                    }
                }
                case ALLOCATED -> {
                    if (field == null || i.type().equals(held)) {
                        owned.add(i);
                    }
                }
                case UNDECIDED -> {
                    if (field == null) {
                        undecided.add(i);
                    }
                }
                case NONE -> {
                }
            }
        }
        String name = TypeNames.of(type) + (field == null ? "" : "." + field);
        if (!owned.isEmpty()) {
            throw new AssertionFailedError(test + ": false sharing in " + name + ": "
                    + owned.stream().map(i -> (ownership.of(i.site(), i.type()) == Ownership.Relation.ALLOCATED
                            ? "in the " + i.type() + " it allocates: " : "") + i.describe())
                            .collect(Collectors.joining("; ")));
        }
        if (!undecided.isEmpty()) {
            IssueRow i = undecided.get(0);
            throw new AssertionFailedError(test + ": false sharing in a " + i.type() + " allocated at " + i.site()
                    + ", which " + name + "'s field " + String.join(" or ", ownership.fieldsHolding(i.type()))
                    + " may hold: the profile knows where objects are allocated, not which fields refer to them, so it "
                    + "cannot tell whether " + name + " reaches it. Assert on its type, assertNoFalseSharing("
                    + Ownership.classLiteral(i.type()) + "), or allocate it in " + name + " (a constructor or field "
                    + "initializer) to make it " + name + "'s: "
                    + undecided.stream().map(IssueRow::describe).collect(Collectors.joining("; ")));
        }
    }

    /**
     * Shared writes stay below {@code pct} percent of the test's profiled accesses. The failure lists the sites and
     * threads with the most shared writes and the diagnosis's issues at them.
     */
    public void assertSharedWritesBelow(double pct) {
        Counts c = counts();
        long all = accesses();
        long shared = sharedWrites();
        if (pct(shared, all) < pct || all == 0) {
            return;
        }
        List<SiteRow> top = c.siteThreads().stream().filter(s -> s.sharedWrites() > 0)
                .sorted((a, b) -> Long.compare(b.sharedWrites(), a.sharedWrites())).limit(5).toList();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%s: shared writes are %.2f%% of the profiled accesses (%d of %d), not below %.2f%%; most at: ", test,
                pct(shared, all), shared, all, pct));
        sb.append(top.stream().map(s -> String.format(Locale.ROOT, "%s (%s) by %s: %d shared writes", s.site(), s.type(),
                s.thread(), s.sharedWrites())).collect(Collectors.joining("; ")));
        appendIssuesAt(sb, c, i -> top.stream().anyMatch(s -> s.site().equals(i.site())));
        throw new AssertionFailedError(sb.toString());
    }

    /**
     * Objects of {@code type} were used by {@code owner} only: no other thread accessed them in the test, and none of
     * their accesses was shared.
     */
    public void assertPrivateTo(Class<?> type, Thread owner) {
        Counts c = counts();
        List<SiteRow> rows = c.siteThreads().stream().filter(s -> sameType(s.type(), type)).toList();
        List<SiteRow> others = rows.stream().filter(s -> !s.thread().equals(owner.getName())
                && s.accesses() > 0).toList();
        List<SiteRow> shared = rows.stream().filter(s -> s.sharedReads() + s.sharedWrites() > 0).toList();
        if (others.isEmpty() && shared.isEmpty()) {
            return;
        }
        StringBuilder sb = new StringBuilder(test + ": " + TypeNames.of(type) + " is not private to thread '"
                + owner.getName() + "': ");
        List<String> parts = new ArrayList<>();
        for (SiteRow s : others) {
            parts.add(String.format(Locale.ROOT, "%s accessed it %d times (%d reads, %d writes, %d shared) at site %s",
                    s.thread(), s.accesses(), s.reads(), s.writes(), s.sharedReads() + s.sharedWrites(), s.site()));
        }
        for (SiteRow s : shared) {
            if (!others.contains(s)) {
                parts.add(String.format(Locale.ROOT, "%s made %d shared reads and %d shared writes at site %s", s.thread(),
                        s.sharedReads(), s.sharedWrites(), s.site()));
            }
        }
        sb.append(String.join("; ", parts));
        appendIssuesAt(sb, c, i -> sameType(i.type(), type));
        throw new AssertionFailedError(sb.toString());
    }

    /**
     * The study's data-dependency category (ISMM'23 Figure 3) of the workload the test ran, from its shared read and
     * write shares, by the same rule as numa characterize ({@code com.numa.core.classification}).
     */
    public void assertCategory(DataDependency expected) {
        DataDependency got = Classification.dataDependency(sharedReadPct(), sharedWritePct(), Thresholds.DEFAULTS);
        if (got != expected) {
            throw new AssertionFailedError(String.format(Locale.ROOT,
                    "%s: data dependency is %s, not %s: shared reads %.2f%%, shared writes %.2f%% of %d profiled accesses "
                            + "(Read & Write from %.2f%% shared writes; Data Parallel below %.2f%% shared reads)",
                    test, got == null ? "unknown" : got.label(), expected.label(), sharedReadPct(), sharedWritePct(),
                    accesses(), Thresholds.DEFAULTS.sharedWritePct(), Thresholds.DEFAULTS.sharedReadPct()),
                    expected.label(), got == null ? "unknown" : got.label());
        }
    }

    /**
     * The study's parallelism category (ISMM'23 Figure 2) of the workload the test ran, judged on the threads' profiled
     * accesses (the OA column) against this machine's CPUs, by the same rules as numa characterize.
     */
    public void assertCategory(ParallelismCategory expected) {
        Classification.ParallelismVerdict v = parallelism();
        if (v.category() != expected) {
            throw new AssertionFailedError(test + ": parallelism is " + v.category().label() + ", not " + expected.label()
                    + ": " + v.reason() + "; threads' accesses: " + threads().stream()
                            .map(t -> t.thread() + "=" + t.accesses()).collect(Collectors.joining(", ")),
                    expected.label(), v.category().label());
        }
    }

    /** The parallelism category and its reason, over the threads' profiled accesses. */
    public Classification.ParallelismVerdict parallelism() {
        // the rows numa characterize classifies, with the profiler's object accesses (OA) as the work
        List<ThreadWork> work = threads().stream().map(t -> new ThreadWork(-1, t.thread(), ThreadWork.role(t.role()),
                Map.of(OA, (double) t.accesses()))).toList();
        WorkShares<ThreadWork> shares = WorkShares.of(work, ThreadWork.view(OA), Thresholds.DEFAULTS.workerSharePct());
        return Classification.parallelism(shares, w -> w.count(OA), "OA", Runtime.getRuntime().availableProcessors(),
                Thresholds.DEFAULTS);
    }

    /** A few lines for a report: the totals, then the shared sites and the issues. */
    public String summary() {
        Counts c = counts();
        if (c.threads().isEmpty()) {
            return test + ": no profiled accesses (" + String.format(Locale.ROOT, "%.1f ms", c.nanos() / 1e6)
                    + "; the profiler instruments the classes -XX:NUMAProfilerInclude selects)";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%s: %d profiled accesses by %d thread(s) in %.1f ms, shared reads %.2f%%, shared writes %.2f%%%n", test,
                accesses(), c.threads().size(), c.nanos() / 1e6, sharedReadPct(), sharedWritePct()));
        c.sites().stream().filter(s -> s.sharedReads() + s.sharedWrites() > 0).forEach(s -> sb.append(String.format(
                Locale.ROOT, "  %s (%s): %d reads, %d writes, %d shared reads, %d shared writes%n", s.site(), s.type(),
                s.reads(), s.writes(), s.sharedReads(), s.sharedWrites())));
        c.issues().forEach(i -> sb.append("  ").append(i.rank()).append(". ").append(i.describe())
                .append(System.lineSeparator()));
        return sb.toString();
    }

    @Override
    public String toString() {
        return summary();
    }

    private static void appendIssuesAt(StringBuilder sb, Counts c, Predicate<IssueRow> where) {
        List<IssueRow> at = c.issues().stream().filter(where).toList();
        if (!at.isEmpty()) {
            sb.append("; numa diagnose: ").append(at.stream().map(IssueRow::describe).collect(Collectors.joining("; ")));
        }
    }

    private void requireDiagnosis(Counts c, String assertion) {
        if (!c.diagnosed()) {
            throw new AssertionFailedError(test + ": " + assertion + " needs the sharing diagnosis: add "
                    + "NUMAProfilerDiagnose to the agent's flags (-javaagent:numa-agent.jar=" + AgentLoader.DEFAULT_FLAGS
                    + ")");
        }
    }

    /** The profiler spells types as {@link TypeNames} does. */
    private static boolean sameType(String profiled, Class<?> type) {
        return profiled.equals(TypeNames.of(type));
    }

    /** {@code fields} is the diagnosis's "name@offset, name@offset" list. */
    private static boolean namesField(String fields, String field) {
        for (String w : fields.split(",\\s*")) {
            String name = w.contains("@") ? w.substring(0, w.indexOf('@')) : w;
            if (name.equals(field) || name.endsWith("." + field)) {
                return true;
            }
        }
        return false;
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
