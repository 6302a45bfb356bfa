package com.numa.perfutil.locality;

import com.numa.core.io.JsonFiles;
import com.numa.perfutil.linux.LinuxSyscalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kernel locality source's result as a file beside the PerfUtil CSV ({@link #summaryFile}), with the per-cell CSV
 * ({@link #cellsFile}): what {@code numa characterize} reads back for Table 5, with its provenance.
 *
 * @param label            what the figure is ({@link LocalityReport#LABEL})
 * @param provenance       method, settings before and during, THP, what could not be changed, migrations
 * @param samples          resolved samples
 * @param lostSamples      dropped by a full ring buffer
 * @param unresolvedSamples samples whose page's node was never found
 * @param firstSeenSamples the first sample of each page
 * @param windowNs         the window's length
 * @param samplerCpuNs     the sampler thread's CPU time
 * @param balancingBefore  the settings before (restored after)
 * @param balancingDuring  the settings in force during the window
 * @param settingProblems  settings that could not be changed, with why
 * @param vmstatDelta      /proc/vmstat numa_* over the window (whole machine)
 * @param realNodes        the machine's NUMA nodes
 * @param schedFaults      per thread, the kernel's per-node numa_faults averages at the end (decaying averages after
 *                         migration: meaningful for threads pinned to one node)
 */
public record LocalitySummary(String label, String provenance, long samples, long lostSamples, long unresolvedSamples,
        long firstSeenSamples, long windowNs, long samplerCpuNs, String balancingBefore, String balancingDuring,
        List<String> settingProblems, Map<String, Long> vmstatDelta, int realNodes,
        Map<Integer, Map<Integer, Long>> schedFaults) {

    public static LocalitySummary of(KernelLocality.Result r) {
        LocalityReport rep = r.report();
        return new LocalitySummary(LocalityReport.LABEL, r.provenance(), rep.samples(), rep.lostSamples(),
                rep.unresolvedSamples(), rep.firstSeenSamples(), rep.windowNs(), rep.samplerCpuNs(),
                r.before().describe(), r.during().describe(), r.settingProblems(), rep.vmstatDelta(), r.realNodes(),
                rep.schedFaultsAfter());
    }

    /** The cells CSV beside a PerfUtil CSV: {@code perfutil.csv} gives {@code perfutil-locality.csv}. */
    public static Path cellsFile(Path perfUtilCsv) {
        return sibling(perfUtilCsv, "-locality.csv");
    }

    /** The summary JSON beside a PerfUtil CSV: {@code perfutil.csv} gives {@code perfutil-locality.json}. */
    public static Path summaryFile(Path perfUtilCsv) {
        return sibling(perfUtilCsv, "-locality.json");
    }

    /** The JFR recording of the allocation sites ({@link ObjectSamples}): {@code perfutil-locality-objects.jfr}. */
    public static Path objectsFile(Path perfUtilCsv) {
        return sibling(perfUtilCsv, "-locality-objects.jfr");
    }

    /** The sampled heap pages ({@link HeapPages#write}): {@code perfutil-locality-pages.csv}. */
    public static Path pagesFile(Path perfUtilCsv) {
        return sibling(perfUtilCsv, "-locality-pages.csv");
    }

    /**
     * The allocation sites of a run made with {@code -XX:+PerfUtilLocalitySites}, joined from its objects and pages
     * files; empty when the run has neither.
     */
    public static Optional<List<LocalitySites.Site>> sites(Path perfUtilCsv) throws IOException {
        Path objects = objectsFile(perfUtilCsv);
        Path pages = pagesFile(perfUtilCsv);
        if (!Files.isRegularFile(objects) || !Files.isRegularFile(pages)) {
            return Optional.empty();
        }
        return Optional.of(LocalitySites.join(HeapPages.read(pages), ObjectSamples.read(objects),
                LinuxSyscalls.pageSize()));
    }

    /** Writes both files for {@code r} beside {@code perfUtilCsv}. */
    public static void write(Path perfUtilCsv, KernelLocality.Result r) throws IOException {
        r.report().writeCells(cellsFile(perfUtilCsv));
        JsonFiles.write(summaryFile(perfUtilCsv), of(r));
    }

    public static LocalitySummary read(Path perfUtilCsv) throws IOException {
        return JsonFiles.mapper().readValue(summaryFile(perfUtilCsv).toFile(), LocalitySummary.class);
    }

    private static Path sibling(Path csv, String suffix) {
        String name = csv.getFileName().toString();
        String stem = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
        return csv.resolveSibling(stem + suffix);
    }
}
