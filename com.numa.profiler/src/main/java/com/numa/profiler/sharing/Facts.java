package com.numa.profiler.sharing;

import java.util.List;
import java.util.Map;

/** What the profiler hands the diagnosis at report time (plain data, so the diagnosis can be tested on scripts). */
public final class Facts {
    private Facts() {
    }

    /**
     * A profiled thread.
     *
     * @param key      the profiler's thread key (the owner id in the words)
     * @param tid      the kernel's thread id (-1 unknown): HotSpot's DestroyJavaVM runs on the main thread's tid
     * @param javaId   Thread's id
     * @param name     its name
     * @param role     main, application, jvm-internal or tool
     * @param accesses its profiled reads and writes
     */
    public record ThreadFact(int key, int tid, long javaId, String name, String role, long accesses) {
        boolean application() {
            return "main".equals(role) || "application".equals(role);
        }
    }

    /**
     * An allocation site's counts (sites.csv's columns), with the threads behind them.
     *
     * @param id                  site id
     * @param site                class.method:line
     * @param type                allocated type
     * @param array               whether it allocates arrays
     * @param allocations         objects allocated
     * @param allocatedBytes      their bytes
     * @param reads               reads of its objects
     * @param writes              writes
     * @param sharedReads         reads by another thread than the owner
     * @param sharedWrites        writes by another thread than the owner
     * @param remote              accesses from another node than the home node
     * @param sharedObjectReads   reads of its objects once they were shared
     * @param readsAfterLastWrite of those, the reads that no write followed
     * @param sharedReaders       shared reads per thread name
     * @param remoteByThread      remote accesses per thread name
     */
    public record SiteFact(int id, String site, String type, boolean array, long allocations, long allocatedBytes,
            long reads, long writes, long sharedReads, long sharedWrites, long remote, long sharedObjectReads, long readsAfterLastWrite,
            Map<String, Long> sharedReaders, Map<String, Long> remoteByThread) {
    }

    /**
     * The run: how long it was profiled, its threads, its sites.
     *
     * @param profiledMs the profiling window's length
     * @param nodes      nodes of the (real or emulated) topology
     */
    public record Run(double profiledMs, int nodes, List<ThreadFact> threads, List<SiteFact> sites) {
    }
}
