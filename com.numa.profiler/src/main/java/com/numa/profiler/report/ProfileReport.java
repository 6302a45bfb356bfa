package com.numa.profiler.report;

import com.numa.core.classification.SynchronizerTypes;
import com.numa.profiler.tracking.AllocationSite;
import com.numa.profiler.tracking.OwnerCounts;
import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.SiteCounters;
import com.numa.profiler.tracking.SiteRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** A snapshot of all counters, merged per thread, per site and per type; pure aggregation, no I/O. */
public final class ProfileReport {
    /** Thread pairs listed per site and type in {@code sharing_threads}. */
    static final int TOP_PAIRS = 3;

    /** {@code synchronizerAccesses}: the thread's accesses to lock and wait machinery ({@link SynchronizerTypes}). */
    public record ThreadRow(ProfiledThread thread, OwnerCounts byOwner, long synchronizerAccesses) {
    }

    /** {@code pairs}: shared accesses per unordered pair of thread keys ({@link #pair}), both directions added. */
    record SiteRow(AllocationSite site, SiteCounters counts, Map<Long, Long> pairs) {
    }

    record TypeRow(String type, int sites, SiteCounters counts, Map<Long, Long> pairs) {
    }

    public final List<ThreadRow> threads = new ArrayList<>();
    final List<SiteRow> sites = new ArrayList<>();
    final List<TypeRow> types = new ArrayList<>();
    final int maxOwnerKey;
    /** Thread key → the name sharing_threads shows (the name, with "#key" when two profiled threads share it). */
    private final Map<Integer, String> labels = new HashMap<>();
    long reads;
    long writes;
    long sharedReads;
    long sharedWrites;
    long unknownOwner;
    long predictedRemote;
    long sideTableAccesses;
    public long objectAllocations;
    long objectBytes;
    long arrayAllocations;
    long arrayBytes;

    public ProfileReport(ProfiledThread[] inventory, SiteRegistry registry) {
        int maxKey = 0;
        Map<Integer, SiteCounters> bySite = new LinkedHashMap<>();
        Map<Integer, Map<Long, Long>> pairsBySite = new HashMap<>();
        Map<String, Integer> names = new HashMap<>();
        for (ProfiledThread t : inventory) {
            names.merge(t.name, 1, Integer::sum);
        }
        for (ProfiledThread t : inventory) {
            labels.put(t.key, names.get(t.name) > 1 ? t.name + "#" + t.key : t.name);
            maxKey = Math.max(maxKey, t.key);
            OwnerCounts row = t.byOwner;
            long synchronizerAccesses = 0;
            maxKey = Math.max(maxKey, row.maxKey());
            reads += t.reads;
            writes += t.writes;
            sharedReads += t.sharedReads;
            sharedWrites += t.sharedWrites;
            unknownOwner += t.unknownOwnerReads + t.unknownOwnerWrites;
            predictedRemote += t.predictedRemote;
            sideTableAccesses += t.sideTableAccesses;
            objectAllocations += t.objectAllocations;
            objectBytes += t.objectBytes;
            arrayAllocations += t.arrayAllocations;
            arrayBytes += t.arrayBytes;
            SiteCounters[] s = t.sites;
            for (int id = 0; id < s.length; id++) {
                SiteCounters c = s[id];
                if (c != null) {
                    if (SynchronizerTypes.isSynchronizer(registry.site(id).type())) {
                        synchronizerAccesses += c.reads + c.writes;
                    }
                    bySite.computeIfAbsent(id, k -> new SiteCounters()).add(c);
                    int site = id;
                    c.forEachSharer((owner, n) -> pairsBySite.computeIfAbsent(site, k -> new HashMap<>())
                            .merge(pair(t.key, owner), n, Long::sum));
                }
            }
            threads.add(new ThreadRow(t, row, synchronizerAccesses));
        }
        this.maxOwnerKey = maxKey;
        Map<String, TypeRow> byType = new LinkedHashMap<>();
        for (Map.Entry<Integer, SiteCounters> e : bySite.entrySet()) {
            AllocationSite site = registry.site(e.getKey());
            Map<Long, Long> pairs = pairsBySite.getOrDefault(e.getKey(), Map.of());
            sites.add(new SiteRow(site, e.getValue(), pairs));
            TypeRow tr = byType.computeIfAbsent(site.type(), k -> new TypeRow(k, 0, new SiteCounters(), new HashMap<>()));
            tr.counts().add(e.getValue());
            pairs.forEach((p, n) -> tr.pairs().merge(p, n, Long::sum));
            byType.put(site.type(), new TypeRow(tr.type(), tr.sites() + 1, tr.counts(), tr.pairs()));
        }
        types.addAll(byType.values());
        // Shared accesses to data that is written once shared are what NUMA placement can change, so they rank first;
        // shared read-only data (enum constants, static finals: replicable, no coherence traffic) comes after them,
        // then totals break ties.
        Comparator<SiteCounters> weight = Comparator.comparingLong(ProfileReport::readWriteShared)
                .thenComparingLong(ProfileReport::shared).thenComparingLong(SiteCounters::accesses)
                .thenComparingLong(c -> c.allocatedBytes);
        sites.sort(Comparator.comparing(SiteRow::counts, weight).reversed());
        types.sort(Comparator.comparing(TypeRow::counts, weight).reversed());
    }

    public long accesses() {
        return reads + writes;
    }

    static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    static long shared(SiteCounters c) {
        return c.sharedReads + c.sharedWrites;
    }

    /**
     * Read-only: the objects were shared (read by a thread other than their owner) and none of them was written once
     * published, i.e. after another thread had first accessed it. What the making thread wrote before then (the
     * constructor, a static initializer, filling a table before handing it out) is initialisation and does not count.
     * False for data nobody shared: read-only matters for NUMA only when several threads read.
     */
    static boolean readOnly(SiteCounters c) {
        return c.sharedReads > 0 && c.sharedWrites == 0 && c.writesAfterPublication == 0;
    }

    /** Shared accesses to data that is not read-only: the sort key of sites.csv and types.csv. */
    static long readWriteShared(SiteCounters c) {
        return readOnly(c) ? 0 : shared(c);
    }

    /** The unordered pair of thread keys {@code a} and {@code b}. */
    static long pair(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    /**
     * The {@code n} thread pairs with the most shared accesses, "a<->b:count" joined by ';' (most first; ties by
     * name; the two names of a pair in alphabetical order); empty when nothing was shared.
     */
    String topPairs(Map<Long, Long> pairs, int n) {
        return pairs.entrySet().stream()
                .map(e -> Map.entry(pairLabel(label((int) (e.getKey() >>> 32)), label((int) (long) e.getKey())),
                        e.getValue()))
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n).map(e -> String.format(Locale.ROOT, "%s:%d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(";"));
    }

    /** "a<->b" with the two names in alphabetical order (thread keys depend on which thread was seen first). */
    private static String pairLabel(String a, String b) {
        return a.compareTo(b) <= 0 ? a + "<->" + b : b + "<->" + a;
    }

    private String label(int key) {
        return labels.getOrDefault(key, "#" + key);
    }

    /**
     * Sites with shared accesses, in sites.csv's order (read-write shared first, then read-only): the head of
     * sites.csv, printed in the exit summary.
     */
    List<SiteRow> topSharedSites(int n) {
        List<SiteRow> out = new ArrayList<>(sites.subList(0, Math.min(n, sites.size())));
        out.removeIf(r -> shared(r.counts()) == 0);
        return out;
    }
}
