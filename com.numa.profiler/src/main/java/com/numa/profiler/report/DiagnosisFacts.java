package com.numa.profiler.report;

import com.numa.profiler.sharing.Facts;
import com.numa.profiler.sharing.WordLayouts;
import com.numa.profiler.tracking.AllocationSite;
import com.numa.profiler.tracking.InternalUnsafe;
import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.SiteCounters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the sharing diagnosis ({@code com.numa.profiler.sharing}) needs from the profiler, as plain data: the threads,
 * the sites with the threads behind their shared reads and remote accesses, and the VM's offsets for the layouts.
 */
public final class DiagnosisFacts {
    private DiagnosisFacts() {
    }

    public static Facts.Run of(ProfileReport r, double profiledMs, int nodes) {
        List<Facts.ThreadFact> threads = new ArrayList<>();
        for (ProfileReport.ThreadRow row : r.threads) {
            ProfiledThread t = row.thread();
            threads.add(new Facts.ThreadFact(t.key, t.tid, t.javaId, t.name, t.role().label(), t.accesses()));
        }
        List<Facts.SiteFact> sites = new ArrayList<>();
        for (ProfileReport.SiteRow row : r.sites) {
            SiteCounters c = row.counts();
            if (c.accesses() == 0) {
                continue;
            }
            AllocationSite s = row.site();
            Map<String, Long> readers = new LinkedHashMap<>();
            Map<String, Long> remote = new LinkedHashMap<>();
            for (ProfileReport.ThreadRow tr : r.threads) {
                ProfiledThread t = tr.thread();
                SiteCounters[] mine = t.sites;
                SiteCounters sc = s.id() < mine.length ? mine[s.id()] : null;
                if (sc != null) {
                    if (sc.sharedReads > 0) {
                        readers.merge(t.name, sc.sharedReads, Long::sum);
                    }
                    if (sc.predictedRemote > 0) {
                        remote.merge(t.name, sc.predictedRemote, Long::sum);
                    }
                }
            }
            sites.add(new Facts.SiteFact(s.id(), s.label(), s.type(), s.array(), c.allocations, c.allocatedBytes, c.reads,
                    c.writes, c.sharedReads, c.sharedWrites, c.predictedRemote, c.readsOfSharedObjects, c.readsAfterLastWrite(), readers,
                    remote));
        }
        return new Facts.Run(profiledMs, nodes, threads, sites);
    }

    /** The running VM's offsets through the internal Unsafe the profiler holds. */
    public static WordLayouts.Offsets offsets() {
        return new WordLayouts.Offsets() {
            @Override
            public long fieldOffset(Class<?> declaring, String name) {
                return InternalUnsafe.fieldOffset(declaring, name);
            }

            @Override
            public int arrayBase(Class<?> arrayClass) {
                return InternalUnsafe.arrayBase(arrayClass);
            }

            @Override
            public int arrayScale(Class<?> arrayClass) {
                return InternalUnsafe.arrayScale(arrayClass);
            }
        };
    }
}
