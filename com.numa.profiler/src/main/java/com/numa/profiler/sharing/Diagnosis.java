package com.numa.profiler.sharing;

import com.numa.profiler.sharing.Facts.Run;
import com.numa.profiler.sharing.Facts.SiteFact;
import com.numa.profiler.sharing.Facts.ThreadFact;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * NumaPerf's scores (ICS'21, Section 3.2) over one profiled run, and the fix for each issue in Java terms. Pure: no
 * I/O, fed with plain data, so it can be driven by scripted numbers. With {@code ms} the profiled time in milliseconds
 * and {@code |T|} the application threads that made profiled accesses:
 * <ul>
 * <li><b>remote</b> (per allocation site): remote accesses / ms; an access is remote when the accessing thread's node
 * differs from the object's home node (its allocating thread's node, the first toucher of its memory). As in the
 * paper, not reported when the site's invalidations exceed half of its remote accesses (sharing is then the cause).</li>
 * <li><b>false-sharing</b>, <b>true-sharing</b> (per allocation site and type): invalidations / (ms · |T|), counted by
 * {@link TrackedObject}.</li>
 * <li><b>duplication-candidate</b> (per site): shared reads after the object's last write / ms, for data read by two
 * or more threads, read-mostly (at most 10% of its accesses are writes) and read after its last write (at least 90% of
 * the reads of its objects once shared came after their last write: NumaPerf's "exclusively read after the first
 * write").</li>
 * <li><b>thread-migration</b> (the program): S = p · Σ_t m_t / (rt · |T|), m_t = contended monitor enters + waits of
 * thread t, rt the run's seconds, p the parallel phase share ({@link ContentionSampler}).</li>
 * <li><b>imbalance</b> (between thread types, application threads named alike up to their digits): the largest over
 * the smallest accesses per thread of a type, among types with at least 1% of the accesses.</li>
 * </ul>
 * A class's static storage (the profiler's {@code <statics>} pseudo sites) is left out of remote and duplication: its
 * reads are mostly of static finals, which the JIT folds into the code; what they point to has its own site.
 * An issue is reported when its score reaches the kind's threshold; issues are ranked by score / threshold.
 */
public final class Diagnosis {
    /** Read-mostly: writes at most this share of a site's accesses. */
    static final double READ_MOSTLY_WRITE_SHARE = 0.10;
    /** Read after the last write: at least this share of the reads of its objects once shared came after it. */
    static final double AFTER_LAST_WRITE_SHARE = 0.90;
    /** The profiler's pseudo allocation site of a class's static storage. */
    static final String STATICS = ".<statics>";
    /** A thread type counts for imbalance from this share of all accesses. */
    static final double TYPE_MIN_SHARE = 0.01;

    private Diagnosis() {
    }

    /** The whole diagnosis: every issue over its threshold, ranked. */
    public static List<Issue> diagnose(Run run, List<Findings> sharing, ContentionSampler.Snapshot waits, Thresholds th) {
        double ms = Math.max(1, run.profiledMs());
        Map<Integer, String> names = new HashMap<>();
        for (ThreadFact t : run.threads()) {
            names.put(t.key(), t.name());
        }
        int normalizer = threadNormalizer(run);
        List<Issue> issues = new ArrayList<>();
        Map<Integer, SiteFact> sites = new HashMap<>();
        for (SiteFact s : run.sites()) {
            sites.put(s.id(), s);
        }
        Map<Integer, Double> invalidationsBySite = new HashMap<>();
        for (Findings f : sharing) {
            invalidationsBySite.merge(f.site, f.falseInvalidations + f.trueInvalidations, Double::sum);
            SiteFact s = sites.get(f.site);
            String site = s == null ? "?" : s.site();
            double falseScore = f.falseInvalidations / (ms * normalizer);
            if (f.falseInvalidations > 0 && falseScore >= th.of(IssueKind.FALSE_SHARING)) {
                issues.add(new Issue(0, IssueKind.FALSE_SHARING, falseScore, th.of(IssueKind.FALSE_SHARING), site, f.type,
                        String.join(", ", f.falseWords), who(f.falseWrote, f.falseRead, names),
                        falseSharingAdvice(f), evidence(f.falseInvalidations, f, ms, normalizer)));
            }
            double trueScore = f.trueInvalidations / (ms * normalizer);
            if (f.trueInvalidations > 0 && trueScore >= th.of(IssueKind.TRUE_SHARING)) {
                issues.add(new Issue(0, IssueKind.TRUE_SHARING, trueScore, th.of(IssueKind.TRUE_SHARING), site, f.type,
                        String.join(", ", f.trueWords), who(f.trueWrote, f.trueRead, names), trueSharingAdvice(f),
                        evidence(f.trueInvalidations, f, ms, normalizer)));
            }
        }
        for (SiteFact s : run.sites()) {
            if (s.site().endsWith(STATICS)) {
                continue; // a class's statics: mostly static finals, which the JIT folds into the code
            }
            remote(s, ms, invalidationsBySite.getOrDefault(s.id(), 0.0), th, issues);
            duplication(s, ms, th, issues);
        }
        migration(waits, normalizer, th, issues);
        imbalance(run.threads(), waits, th, issues);
        issues.sort(Comparator.comparingDouble(Issue::timesThreshold).reversed()
                .thenComparing(i -> i.kind().ordinal()).thenComparing(Issue::site));
        List<Issue> ranked = new ArrayList<>();
        for (Issue i : issues) {
            ranked.add(i.ranked(ranked.size() + 1));
        }
        return ranked;
    }

    /**
     * The application threads that made profiled accesses: the paper's |T| (one per kernel thread: HotSpot's
     * DestroyJavaVM, on the main thread's tid, is the main thread).
     */
    public static int threadNormalizer(Run run) {
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (ThreadFact t : run.threads()) {
            if (t.application() && t.accesses() > 0) {
                seen.add(t.tid() > 0 ? t.tid() : -1L - t.key());
            }
        }
        return Math.max(1, seen.size());
    }

    private static String evidence(double invalidations, Findings f, double ms, int threads) {
        return String.format(Locale.ROOT, "%.0f invalidations (%.0f between nodes) in %d object(s), %.0f ms, %d threads",
                invalidations, f.remoteInvalidations, f.objects, ms, threads);
    }

    /** "name wrote a, b; read c | other wrote d". */
    static String who(Map<Integer, ? extends Set<String>> wrote, Map<Integer, ? extends Set<String>> read,
            Map<Integer, String> names) {
        TreeMap<String, String> parts = new TreeMap<>(); // by thread name: keys follow the order threads first ran
        for (Integer k : union(wrote, read)) {
            String name = names.getOrDefault(k, "thread#" + k);
            StringBuilder sb = new StringBuilder(name);
            if (wrote.containsKey(k)) {
                sb.append(" wrote ").append(String.join(" ", wrote.get(k)));
            }
            if (read.containsKey(k)) {
                sb.append(wrote.containsKey(k) ? ", read " : " read ").append(String.join(" ", read.get(k)));
            }
            parts.put(name + "\u0000" + k, sb.toString());
        }
        return String.join("; ", parts.values());
    }

    private static Set<Integer> union(Map<Integer, ?> a, Map<Integer, ?> b) {
        java.util.TreeSet<Integer> s = new java.util.TreeSet<>(a.keySet());
        s.addAll(b.keySet());
        return s;
    }

    static String falseSharingAdvice(Findings f) {
        if (f.array) {
            return "threads write neighbouring elements of one array: give each thread its own cache line, e.g. space "
                    + "the elements each thread writes 64 bytes apart (128 on CPUs that fetch line pairs: "
                    + "index * 16 for long[]), or use one array (or padded block) per thread";
        }
        String written = f.falseWrote.values().stream().flatMap(Set::stream).map(w -> w.replaceAll("@\\d+$", ""))
                .distinct().collect(Collectors.joining(", "));
        if (jdkClass(f.type)) {
            return "the fields belong to " + f.type + ", a JDK class you cannot change: spread the "
                    + "updates instead: for a count or a sum java.util.concurrent.atomic.LongAdder; else striping (one "
                    + "instance per thread or per node, combined when read), per-thread accumulation published at the "
                    + "end, or a padded holder of your own (a class of yours that keeps the hot value 64 bytes, 128 on CPUs "
                    + "that fetch line pairs, from its neighbours)";
        }
        if (f.contendedIgnored) {
            return "the fields are @Contended but the JVM laid them out unpadded: outside the JDK it honours @Contended "
                    + "only with -XX:-RestrictContended; add that flag";
        }
        return "pad the fields apart: annotate " + written + " with @jdk.internal.vm.annotation.Contended (compile with "
                + "--add-exports java.base/jdk.internal.vm.annotation=ALL-UNNAMED, run with -XX:-RestrictContended), "
                + "or put at least 64 bytes (128 on CPUs that fetch line pairs) of padding fields between them, best "
                + "through a class hierarchy (the JVM groups fields by size, not by declaration)";
    }

    /** The JDK's own classes, which a user cannot annotate or pad: advice offers what they can change instead. */
    static boolean jdkClass(String type) {
        return type.startsWith("java.") || type.startsWith("javax.") || type.startsWith("jdk.") || type.startsWith("sun.")
                || type.startsWith("com.sun.");
    }

    static String trueSharingAdvice(Findings f) {
        boolean atomic = f.type.startsWith("java.util.concurrent.atomic.Atomic");
        String counter = "java.util.concurrent.atomic.LongAdder (add() in each thread, sum() when read; LongAccumulator "
                + "for max/min) or per-thread accumulators combined at the end";
        if (atomic) {
            return "threads update one " + f.type.substring(f.type.lastIndexOf('.') + 1) + ": use " + counter
                    + " (padding cannot help: it is one word)";
        }
        if (f.trueCounter) {
            return "threads write one number: if it counts or sums, use " + counter + "; if it is a flag or a turn, "
                    + "write it less often or let one thread own it (padding cannot help: it is one word)";
        }
        return "threads write the same word: keep per-thread or per-node copies and combine them, write it less often, "
                + "or let one thread own it (padding cannot help: it is one word)";
    }

    private static void remote(SiteFact s, double ms, double invalidations, Thresholds th, List<Issue> issues) {
        double score = s.remote() / ms;
        if (s.remote() == 0 || score < th.of(IssueKind.REMOTE) || invalidations > 0.5 * s.remote()) {
            return;
        }
        long perObject = s.allocations() == 0 ? 0 : s.allocatedBytes() / s.allocations();
        String advice = s.array() && perObject >= 1 << 20
                ? "a large array used from several nodes: interleave its pages (numactl --interleave=all, or "
                        + "-XX:+UseNUMA with ParallelGC) or split it into per-node parts, each allocated by a thread of "
                        + "its node (block-wise, as the threads use it)"
                : "used from other nodes than the one it was allocated on: allocate it in the thread that uses it "
                        + "most (first touch), or keep that thread on the allocator's node (-XX:+NUMAOpts or binding); "
                        + "if every node reads it, see duplication";
        issues.add(new Issue(0, IssueKind.REMOTE, score, th.of(IssueKind.REMOTE), s.site(), s.type(), "",
                top(s.remoteByThread(), "remote"), advice, String.format(Locale.ROOT,
                        "%d remote of %d accesses, %.0f invalidations, %.0f ms", s.remote(), s.reads() + s.writes(),
                        invalidations, ms)));
    }

    private static void duplication(SiteFact s, double ms, Thresholds th, List<Issue> issues) {
        long accesses = s.reads() + s.writes();
        long readers = s.sharedReaders().values().stream().filter(v -> v > 0).count();
        double score = s.readsAfterLastWrite() / ms;
        if (readers < 2 || accesses == 0 || s.writes() > READ_MOSTLY_WRITE_SHARE * accesses
                || s.readsAfterLastWrite() < AFTER_LAST_WRITE_SHARE * s.sharedObjectReads()
                || score < th.of(IssueKind.DUPLICATION_CANDIDATE)) {
            return;
        }
        issues.add(new Issue(0, IssueKind.DUPLICATION_CANDIDATE, score, th.of(IssueKind.DUPLICATION_CANDIDATE), s.site(),
                s.type(), "", top(s.sharedReaders(), "shared reads"),
                "read-mostly after its last write, by " + readers + " threads: give each NUMA node (or each thread) its "
                        + "own copy made after the last write (e.g. a copy per worker, or per node in an array indexed "
                        + "by node), so that every read is local",
                String.format(Locale.ROOT, "%d reads after the last write, %d reads, %d writes, %.0f ms",
                        s.readsAfterLastWrite(), s.reads(), s.writes(), ms)));
    }

    private static String top(Map<String, Long> byThread, String what) {
        return byThread.entrySet().stream().filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(8)
                .map(e -> e.getKey() + " " + e.getValue() + " " + what).collect(Collectors.joining("; "));
    }

    /** NumaPerf's thread-migration score S = p * sum(m_t) / (rt * |T|), or 0 without samples. */
    public static double migrationScore(ContentionSampler.Snapshot w, int normalizer) {
        if (w == null || w.seconds() <= 0) {
            return 0;
        }
        long sum = 0;
        for (ContentionSampler.ThreadWaits t : w.threads()) {
            sum += t.total();
        }
        return w.parallelShare() * sum / (w.seconds() * normalizer);
    }

    private static void migration(ContentionSampler.Snapshot w, int normalizer, Thresholds th, List<Issue> issues) {
        if (w == null || w.seconds() <= 0) {
            return;
        }
        long sum = 0;
        for (ContentionSampler.ThreadWaits t : w.threads()) {
            sum += t.total();
        }
        double score = migrationScore(w, normalizer);
        if (sum == 0 || score < th.of(IssueKind.THREAD_MIGRATION)) {
            return;
        }
        String threads = w.threads().stream().filter(t -> t.total() > 0)
                .sorted(Comparator.comparingLong(ContentionSampler.ThreadWaits::total).reversed()).limit(8)
                .map(t -> t.name() + " " + t.contendedEnters() + " contended enters, " + t.waits() + " waits")
                .collect(Collectors.joining("; "));
        issues.add(new Issue(0, IssueKind.THREAD_MIGRATION, score, th.of(IssueKind.THREAD_MIGRATION), "", "", "", threads,
                "threads block and wait often, and each wake-up may land on another CPU or node: run with "
                        + "-XX:+NUMAOpts (the Awareness Thread binds the application to the nodes it needs) or bind the "
                        + "threads (numactl --cpunodebind, taskset); fewer contended locks and hand-offs help as well",
                String.format(Locale.ROOT, "p = %.2f, %d contended enters and waits, %.1f s, %d threads",
                        w.parallelShare(), sum, w.seconds(), normalizer)));
    }

    /** NumaPerf's thread types: threads named alike up to their numbers ("worker-3" is a "worker-#"). */
    static String threadType(String name) {
        return name.replaceAll("[0-9]+", "#");
    }

    /**
     * Thread types compared for imbalance must have run at the same time (a program's phases run different threads
     * one after the other): types are grouped when the samples saw threads of both alive at once, and the group with
     * the largest ratio is reported. Threads no sample saw (shorter than one interval) are left out.
     */
    private static void imbalance(List<ThreadFact> threads, ContentionSampler.Snapshot waits, Thresholds th,
            List<Issue> issues) {
        Map<Long, ContentionSampler.ThreadWaits> seen = new HashMap<>();
        if (waits != null) {
            for (ContentionSampler.ThreadWaits w : waits.threads()) {
                seen.put(w.javaId(), w);
            }
        }
        Map<String, long[]> byType = new TreeMap<>(); // {threads, accesses, first sample, last sample}
        long total = 0;
        for (ThreadFact t : threads) {
            ContentionSampler.ThreadWaits w = seen.get(t.javaId());
            if (!"application".equals(t.role()) || t.accesses() == 0 || w == null) {
                continue;
            }
            long[] a = byType.computeIfAbsent(threadType(t.name()), k -> new long[] {0, 0, Long.MAX_VALUE, -1});
            a[0]++;
            a[1] += t.accesses();
            a[2] = Math.min(a[2], w.firstSample());
            a[3] = Math.max(a[3], w.lastSample());
            total += t.accesses();
        }
        long all = total;
        byType.values().removeIf(a -> a[1] < TYPE_MIN_SHARE * all);
        List<String> types = new ArrayList<>(byType.keySet());
        int[] group = new int[types.size()];
        for (int i = 0; i < group.length; i++) {
            group[i] = i;
        }
        for (int i = 0; i < types.size(); i++) {
            for (int j = i + 1; j < types.size(); j++) {
                long[] a = byType.get(types.get(i));
                long[] b = byType.get(types.get(j));
                if (a[2] <= b[3] && b[2] <= a[3]) {
                    int gi = find(group, i);
                    int gj = find(group, j);
                    group[gi] = gj;
                }
            }
        }
        Issue worst = null;
        for (int g = 0; g < types.size(); g++) {
            Map<String, long[]> members = new TreeMap<>();
            for (int i = 0; i < types.size(); i++) {
                if (find(group, i) == g) {
                    members.put(types.get(i), byType.get(types.get(i)));
                }
            }
            Issue issue = members.size() < 2 ? null : imbalanceOf(members, th);
            if (issue != null && (worst == null || issue.score() > worst.score())) {
                worst = issue;
            }
        }
        if (worst != null) {
            issues.add(worst);
        }
    }

    private static int find(int[] group, int i) {
        while (group[i] != i) {
            i = group[i];
        }
        return i;
    }

    private static Issue imbalanceOf(Map<String, long[]> byType, Thresholds th) {
        double max = 0;
        double min = Double.MAX_VALUE;
        long kept = 0;
        int threadCount = 0;
        for (long[] a : byType.values()) {
            double perThread = a[1] / (double) a[0];
            max = Math.max(max, perThread);
            min = Math.min(min, perThread);
            kept += a[1];
            threadCount += (int) a[0];
        }
        double score = max / min;
        if (score < th.of(IssueKind.IMBALANCE)) {
            return null;
        }
        StringBuilder types = new StringBuilder();
        StringBuilder counts = new StringBuilder();
        StringBuilder suggestion = new StringBuilder();
        for (Map.Entry<String, long[]> e : byType.entrySet()) {
            long[] a = e.getValue();
            String sep = types.length() == 0 ? "" : "; ";
            types.append(sep).append(e.getKey());
            counts.append(sep).append(String.format(Locale.ROOT, "%s: %d threads, %.1f%% of accesses, %.0f per thread",
                    e.getKey(), a[0], 100.0 * a[1] / kept, a[1] / (double) a[0]));
            long suggested = Math.max(1, Math.round(threadCount * (double) a[1] / kept));
            suggestion.append(sep).append(e.getKey()).append(' ').append(suggested);
        }
        return new Issue(0, IssueKind.IMBALANCE, score, th.of(IssueKind.IMBALANCE), "", types.toString(), "",
                counts.toString(), "threads of some types do much more work each than others running at the same "
                        + "time: size each type's thread count in proportion to its accesses (NumaPerf); for the same "
                        + threadCount + " threads: " + suggestion,
                String.format(Locale.ROOT, "accesses per thread from %.0f to %.0f", min, max));
    }
}
