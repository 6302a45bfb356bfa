package com.numa.perfutil.locality;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the kernel locality source sampled in one window: sampled page accesses (NUMA hinting faults and other page
 * faults) per thread, address range, CPU node and page node, with the evidence a reader needs to weigh them.
 *
 * @param method           how the samples were taken, in the words the report prints ({@link FaultSource})
 * @param tally            the samples whose page and CPU node are known
 * @param threadNames      comm name of every sampled thread
 * @param notSampled       threads whose event could not be opened, with why
 * @param schedFaultsBefore per thread, the kernel's per-node numa_faults averages when its sampling started
 * @param schedFaultsAfter per thread, the same at the end
 * @param vmstatDelta      the machine-wide /proc/vmstat numa_* counters' change over the window (numa_hint_faults,
 *                         numa_hint_faults_local, numa_pages_migrated, numa_pte_updates ...)
 * @param lostSamples      samples the kernel dropped because a ring buffer was full
 * @param throttles        times the kernel stopped sampling for a while (perf_event_max_sample_rate)
 * @param otherProcessSamples samples of another process (none expected: each event follows one thread)
 * @param firstSeenSamples the first sample of each page in the window: ordinary first-touch faults are among them
 *                         (a sample alone cannot tell them from hinting faults), later samples of a page are not
 * @param distinctPages    pages whose node was found
 * @param windowNs         the window's length
 * @param samplerCpuNs     CPU time of the sampling thread
 * @param jvmRanges        the JVM's own address ranges found (heap, code cache, metaspace)
 * @param heapPages        the sampled heap pages with their local and remote samples (for {@link LocalitySites})
 */
public record LocalityReport(String method, LocalityTally tally, Map<Integer, String> threadNames, Map<Integer, String> notSampled,
        Map<Integer, Map<Integer, Long>> schedFaultsBefore, Map<Integer, Map<Integer, Long>> schedFaultsAfter,
        Map<String, Long> vmstatDelta, long lostSamples, long throttles, long otherProcessSamples, long firstSeenSamples,
        long distinctPages, long windowNs, long samplerCpuNs, List<MemoryRanges.Range> jvmRanges, HeapPages heapPages) {

    /** The honest name of the figure, for every table and chart that shows it. */
    public static final String LABEL = "remote share of sampled page accesses (NUMA hinting faults), not of LLC misses";

    /** The CSV columns of {@link #writeCells}. */
    public static final List<String> CELL_COLUMNS = List.of("tid", "thread", "range", "cpu_node", "page_node", "samples");

    /** Resolved samples. */
    public long samples() {
        return tally.total().total();
    }

    /** Remote share over every thread, NaN without samples. */
    public double remoteShare() {
        return tally.total().remoteShare();
    }

    /** Samples whose page's node could not be found. */
    public long unresolvedSamples() {
        return tally.unresolved().values().stream().mapToLong(Long::longValue).sum();
    }

    /** Resolved samples per second of the window. */
    public double samplesPerSecond() {
        return windowNs == 0 ? 0 : samples() * 1e9 / windowNs;
    }

    /** One row per thread, range, CPU node and page node. */
    public void writeCells(Path file) throws IOException {
        CsvTables.write(file, CELL_COLUMNS, out -> {
            for (Map.Entry<LocalityTally.Cell, Long> e : tally.cells().entrySet()) {
                LocalityTally.Cell c = e.getKey();
                out.printRecord(c.tid(), threadNames.getOrDefault(c.tid(), "?"), c.range(), c.cpuNode(), c.pageNode(),
                        e.getValue());
            }
        });
    }

    /** A few lines for a person: totals, evidence, then each thread and each range with samples. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s: %s over %d samples (%.0f/s) in %.1f s; lost %d, throttled %d, "
                + "unresolved %d, on pages first seen %d; sampler CPU %.1f ms%n", LABEL, pct(remoteShare()), samples(),
                samplesPerSecond(), windowNs / 1e9, lostSamples, throttles, unresolvedSamples(), firstSeenSamples,
                samplerCpuNs / 1e6));
        sb.append("kernel counters over the window: ").append(vmstatDelta).append('\n');
        tally.byThread().forEach((tid, s) -> sb.append(String.format(Locale.ROOT,
                "  thread %d %-16s remote %s of %d; sched numa_faults by node %s%n", tid,
                threadNames.getOrDefault(tid, "?"), pct(s.remoteShare()), s.total(),
                schedFaultsAfter.getOrDefault(tid, Map.of()))));
        tally.byRange().forEach((range, s) -> sb.append(String.format(Locale.ROOT,
                "  range %-14s remote %s of %d, by page node %s%n", range, pct(s.remoteShare()), s.total(),
                tally.byPageNode(range))));
        notSampled.forEach((tid, why) -> sb.append("  not sampled: thread ").append(tid).append(' ').append(why)
                .append('\n'));
        return sb.toString();
    }

    private static String pct(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.3f", share);
    }
}
