package com.numa.profiler;

import com.numa.profiler.report.ProfileReport;
import com.numa.profiler.sharing.Facts;
import com.numa.profiler.sharing.Issue;
import com.numa.profiler.sharing.SharingDiagnosis;
import com.numa.profiler.tracking.AllocationSite;
import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.SiteCounters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One measured span inside the profiled JVM (a test method, for numa-junit): {@link #open()} opens the profiler's
 * window, as the MBean's start does, and {@link #close()} closes it again unless it was open before, then gives what was
 * counted in between, per thread, per allocation site and per site and thread, with the sharing diagnosis's issues over
 * the span when -XX:+NUMAProfilerDiagnose is on. Every thread that accessed profiled data in the span counts: those the
 * caller started too. Spans are differences of the profiler's running totals, so spans that overlap in time (tests run
 * in parallel) each count the other's accesses.
 */
public final class ProfileSpan {
    /** One thread's counts in the span (threads by name). */
    public record ThreadCounts(String thread, String role, long reads, long writes, long sharedReads, long sharedWrites,
            long allocations) {
        public long accesses() {
            return reads + writes;
        }
    }

    /**
     * One allocation site's counts in the span: all threads' ({@code thread} empty), or one thread's. Shared: by another
     * thread than the object's owner (its last writer or allocator). {@code writesAfterPublication}: writes once another
     * thread had accessed the object (none, with shared reads: read-only once published). Listed with the most shared
     * accesses first.
     */
    public record SiteCounts(String site, String type, boolean array, String thread, long allocations, long reads,
            long writes, long sharedReads, long sharedWrites, long writesAfterPublication) {
        public long accesses() {
            return reads + writes;
        }
    }

    /**
     * One issue of the sharing diagnosis over the span, as a row of issues.csv: rank 1 is the most serious, {@code kind}
     * its label (false-sharing, true-sharing, remote, ...), {@code score} in {@code unit}, reported from
     * {@code threshold}; {@code fields}: the fields (name@offset) or element index ranges involved.
     */
    public record IssueRow(int rank, String kind, double score, String unit, double threshold, String site, String type,
            String fields, String threads, String advice, String evidence) {
    }

    /**
     * What a span counted. {@code issues}: the diagnosis's false/true sharing, remote and duplication issues over the
     * span, ranked (empty when the diagnosis is off: {@code diagnosed} false). {@code sampling}: the profiler's
     * -XX:NUMAProfilerSampling (counts are then estimates).
     */
    public record Result(long nanos, boolean diagnosed, int sampling, List<ThreadCounts> threads, List<SiteCounts> sites,
            List<SiteCounts> siteThreads, List<IssueRow> issues) {
    }

    // the per site and thread tallies, in this order
    private static final int ALLOCATIONS = 0;
    private static final int BYTES = 1;
    private static final int READS = 2;
    private static final int WRITES = 3;
    private static final int SHARED_READS = 4;
    private static final int SHARED_WRITES = 5;
    private static final int REMOTE = 6;
    private static final int READS_OF_SHARED = 7;
    private static final int READS_FOLLOWED_BY_WRITE = 8;
    private static final int WRITES_AFTER_PUBLICATION = 9;
    private static final int TALLIES = 10;

    private final NumaProfiler profiler;
    private final boolean wasActive;
    private final Map<Long, long[]> before;
    private final SharingDiagnosis.Mark diagnosisBefore;
    private final long startNanos;
    private boolean closed;
    private Result closedCounts;

    private ProfileSpan(NumaProfiler profiler) {
        this.profiler = profiler;
        this.wasActive = profiler.isActive();
        this.before = tallies(profiler.report().threads);
        this.diagnosisBefore = profiler.diagnosis() == null ? null : profiler.diagnosis().mark();
        this.startNanos = System.nanoTime();
        profiler.startProfiling();
    }

    /** The profiler running in this JVM, if the agent started it. */
    public static boolean profilerRunning() {
        return NumaProfiler.running() != null;
    }

    /**
     * Opens a span now.
     *
     * @throws IllegalStateException when no profiler runs in this JVM (the message says how to start it)
     */
    public static ProfileSpan open() {
        NumaProfiler p = NumaProfiler.running();
        if (p == null) {
            throw new IllegalStateException("the NUMAProfiler does not run in this JVM: start it with the numa agent and "
                    + "-XX:+NUMAProfiler (e.g. -javaagent:numa-agent.jar=NUMAProfiler,NUMAProfilerOnDemand)");
        }
        return new ProfileSpan(p);
    }

    /** Closes the span (the window stays open when it was open before) and returns its counts. Once only. */
    public synchronized Result close() {
        if (closed) {
            throw new IllegalStateException("span already closed");
        }
        closed = true;
        if (!wasActive) {
            profiler.stopProfiling();
        }
        closedCounts = counts();
        return closedCounts;
    }

    /** The counts so far, the span staying open; once closed, its final counts. */
    public synchronized Result read() {
        return closed ? closedCounts : counts();
    }

    private Result counts() {
        long nanos = System.nanoTime() - startNanos;
        ProfileReport r = profiler.report();
        Map<Integer, ProfiledThread> threadsByKey = new HashMap<>();
        for (ProfileReport.ThreadRow row : r.threads) {
            threadsByKey.put(row.thread().key, row.thread());
        }
        Map<Long, long[]> grown = tallies(r.threads);
        grown.replaceAll((k, v) -> minus(v, before.get(k)));
        grown.values().removeIf(ProfileSpan::zero);
        List<ThreadCounts> threads = new ArrayList<>();
        Map<Integer, long[]> byThread = new LinkedHashMap<>();
        Map<Integer, long[]> bySite = new LinkedHashMap<>();
        List<SiteCounts> siteThreads = new ArrayList<>();
        for (Map.Entry<Long, long[]> e : grown.entrySet()) {
            int site = (int) (e.getKey() >>> 32);
            int key = (int) (long) e.getKey();
            add(byThread.computeIfAbsent(key, k -> new long[TALLIES]), e.getValue());
            add(bySite.computeIfAbsent(site, k -> new long[TALLIES]), e.getValue());
            siteThreads.add(counts(profiler.registry().site(site), threadsByKey.get(key).name, e.getValue()));
        }
        for (Map.Entry<Integer, long[]> e : byThread.entrySet()) {
            ProfiledThread t = threadsByKey.get(e.getKey());
            long[] a = e.getValue();
            threads.add(new ThreadCounts(t.name, t.role().label(), a[READS], a[WRITES], a[SHARED_READS],
                    a[SHARED_WRITES], a[ALLOCATIONS]));
        }
        List<SiteCounts> sites = new ArrayList<>();
        for (Map.Entry<Integer, long[]> e : bySite.entrySet()) {
            sites.add(counts(profiler.registry().site(e.getKey()), "", e.getValue()));
        }
        List<IssueRow> issues = List.of();
        if (diagnosisBefore != null) {
            issues = profiler.diagnosis().issuesSince(diagnosisBefore,
                    facts(nanos / 1e6, grown, threadsByKey, byThread, bySite)).stream().map(ProfileSpan::row).toList();
        }
        threads.sort(Comparator.comparing(ThreadCounts::thread));
        Comparator<SiteCounts> mostShared = Comparator.comparingLong((SiteCounts c) -> -(c.sharedReads() + c.sharedWrites()))
                .thenComparingLong(c -> -c.accesses()).thenComparing(SiteCounts::site).thenComparing(SiteCounts::thread);
        sites.sort(mostShared);
        siteThreads.sort(mostShared);
        return new Result(nanos, diagnosisBefore != null, profiler.sampling(), List.copyOf(threads), List.copyOf(sites),
                List.copyOf(siteThreads), issues);
    }

    /** The span's facts for the diagnosis, as DiagnosisFacts gives a whole run's. */
    private Facts.Run facts(double ms, Map<Long, long[]> grown, Map<Integer, ProfiledThread> threadsByKey,
            Map<Integer, long[]> byThread, Map<Integer, long[]> bySite) {
        List<Facts.ThreadFact> threads = new ArrayList<>();
        byThread.forEach((key, a) -> {
            ProfiledThread t = threadsByKey.get(key);
            threads.add(new Facts.ThreadFact(t.key, t.tid, t.javaId, t.name, t.role().label(), a[READS] + a[WRITES]));
        });
        List<Facts.SiteFact> sites = new ArrayList<>();
        bySite.forEach((id, a) -> {
            if (a[READS] + a[WRITES] == 0) {
                return;
            }
            Map<String, Long> readers = new LinkedHashMap<>();
            Map<String, Long> remote = new LinkedHashMap<>();
            grown.forEach((k, t) -> {
                if ((int) (k >>> 32) == id) {
                    String name = threadsByKey.get((int) (long) k).name;
                    if (t[SHARED_READS] > 0) {
                        readers.merge(name, t[SHARED_READS], Long::sum);
                    }
                    if (t[REMOTE] > 0) {
                        remote.merge(name, t[REMOTE], Long::sum);
                    }
                }
            });
            AllocationSite s = profiler.registry().site(id);
            sites.add(new Facts.SiteFact(id, s.label(), s.type(), s.array(), a[ALLOCATIONS], a[BYTES], a[READS],
                    a[WRITES], a[SHARED_READS], a[SHARED_WRITES], a[REMOTE], a[READS_OF_SHARED],
                    Math.max(0, a[READS_OF_SHARED] - a[READS_FOLLOWED_BY_WRITE]), readers, remote));
        });
        return new Facts.Run(ms, profiler.nodes(), threads, sites);
    }

    private static IssueRow row(Issue i) {
        return new IssueRow(i.rank(), i.kind().label(), i.score(), i.kind().unit(), i.threshold(), i.site(), i.type(),
                i.words(), i.threads(), i.advice(), i.evidence());
    }

    private static SiteCounts counts(AllocationSite s, String thread, long[] a) {
        return new SiteCounts(s.label(), s.type(), s.array(), thread, a[ALLOCATIONS], a[READS], a[WRITES],
                a[SHARED_READS], a[SHARED_WRITES], a[WRITES_AFTER_PUBLICATION]);
    }

    /** Every thread's counts per site so far, keyed by site id (high half) and thread key (low half). */
    private static Map<Long, long[]> tallies(List<ProfileReport.ThreadRow> rows) {
        Map<Long, long[]> m = new HashMap<>();
        for (ProfileReport.ThreadRow row : rows) {
            ProfiledThread t = row.thread();
            SiteCounters[] s = t.sites;
            for (int id = 0; id < s.length; id++) {
                SiteCounters c = s[id];
                if (c != null) {
                    m.put(((long) id << 32) | t.key, new long[] {c.allocations, c.allocatedBytes, c.reads, c.writes,
                        c.sharedReads, c.sharedWrites, c.predictedRemote, c.readsOfSharedObjects, c.readsFollowedByWrite,
                        c.writesAfterPublication});
                }
            }
        }
        return m;
    }

    private static long[] minus(long[] now, long[] then) {
        if (then == null) {
            return now;
        }
        long[] d = new long[TALLIES];
        for (int i = 0; i < TALLIES; i++) {
            d[i] = Math.max(0, now[i] - then[i]);
        }
        return d;
    }

    private static void add(long[] into, long[] a) {
        for (int i = 0; i < TALLIES; i++) {
            into[i] += a[i];
        }
    }

    private static boolean zero(long[] a) {
        for (long v : a) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** For a caller that wants the running profiler's output directory (numa-junit's listener). */
    public static Optional<java.nio.file.Path> outputDirectory() {
        NumaProfiler p = NumaProfiler.running();
        return p == null ? Optional.empty() : Optional.of(p.outputDirectory());
    }
}
