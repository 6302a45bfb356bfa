package com.numa.profiler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A snapshot of all counters, merged per thread, per site and per type; pure aggregation, no I/O. */
final class ProfileReport {
    record ThreadRow(ProfiledThread thread, long[] byOwner) {
    }

    record SiteRow(AllocationSite site, SiteCounters counts) {
    }

    record TypeRow(String type, int sites, SiteCounters counts) {
    }

    final List<ThreadRow> threads = new ArrayList<>();
    final List<SiteRow> sites = new ArrayList<>();
    final List<TypeRow> types = new ArrayList<>();
    final int maxOwnerKey;
    long reads;
    long writes;
    long sharedReads;
    long sharedWrites;
    long unknownOwner;
    long predictedRemote;
    long sideTableAccesses;
    long objectAllocations;
    long objectBytes;
    long arrayAllocations;
    long arrayBytes;

    ProfileReport(ProfiledThread[] inventory, SiteRegistry registry) {
        int maxKey = 0;
        Map<Integer, SiteCounters> bySite = new LinkedHashMap<>();
        for (ProfiledThread t : inventory) {
            maxKey = Math.max(maxKey, t.key);
            long[] row = t.byOwner.clone();
            threads.add(new ThreadRow(t, row));
            for (int k = row.length - 1; k > 0; k--) {
                if (row[k] != 0) {
                    maxKey = Math.max(maxKey, k);
                    break;
                }
            }
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
                if (s[id] != null) {
                    bySite.computeIfAbsent(id, k -> new SiteCounters()).add(s[id]);
                }
            }
        }
        this.maxOwnerKey = maxKey;
        Map<String, TypeRow> byType = new LinkedHashMap<>();
        for (Map.Entry<Integer, SiteCounters> e : bySite.entrySet()) {
            AllocationSite site = registry.site(e.getKey());
            sites.add(new SiteRow(site, e.getValue()));
            TypeRow tr = byType.computeIfAbsent(site.type(), k -> new TypeRow(k, 0, new SiteCounters()));
            tr.counts().add(e.getValue());
            byType.put(site.type(), new TypeRow(tr.type(), tr.sites() + 1, tr.counts()));
        }
        types.addAll(byType.values());
        // Shared accesses are what NUMA placement can change, so they rank first; totals break ties.
        Comparator<SiteCounters> weight = Comparator.comparingLong(ProfileReport::shared)
                .thenComparingLong(SiteCounters::accesses).thenComparingLong(c -> c.allocatedBytes);
        sites.sort(Comparator.comparing(SiteRow::counts, weight).reversed());
        types.sort(Comparator.comparing(TypeRow::counts, weight).reversed());
    }

    long accesses() {
        return reads + writes;
    }

    static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    static long shared(SiteCounters c) {
        return c.sharedReads + c.sharedWrites;
    }

    /** Sites with shared accesses, most shared first: the head of sites.csv, printed in the exit summary. */
    List<SiteRow> topSharedSites(int n) {
        List<SiteRow> out = new ArrayList<>(sites.subList(0, Math.min(n, sites.size())));
        out.removeIf(r -> shared(r.counts()) == 0);
        return out;
    }
}
