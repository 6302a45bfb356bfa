package com.numa.characterize.analysis;

import com.numa.core.classification.ThreadWork;
import com.numa.core.io.CsvTables;
import com.numa.perfutil.locality.LocalityReport;
import com.numa.perfutil.locality.LocalitySites;
import com.numa.perfutil.locality.LocalitySummary;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Table 5 from the kernel locality source: per configuration ("single", "dual", "all"), the remote share of the
 * application threads' sampled page accesses (NUMA hinting faults, not LLC misses) and how many samples it rests on,
 * with the provenance of the samples. {@link #NONE} with a reason where nothing was sampled.
 *
 * @param remotePct   by configuration option, remote samples / all samples of the application threads, in percent
 * @param samples     by configuration option, the application threads' samples
 * @param migrated    by configuration option, pages the kernel migrated during the run (whole machine)
 * @param provenance  the Dual Node run's provenance (else any run's): method, balancing settings, THP
 * @param notMeasured why there is no figure ("" when there is one)
 * @param dualSites   the allocation sites of Dual Node's sampled heap pages where they were recorded ({@code
 *                    --locality-sites}; empty list: recorded, but no sampled object survived a collection)
 */
public record KernelShares(Map<String, Double> remotePct, Map<String, Long> samples, Map<String, Long> migrated,
        String provenance, String notMeasured, Optional<List<LocalitySites.Site>> dualSites) {

    public static final KernelShares NONE = new KernelShares(Map.of(), Map.of(), Map.of(), "", "not sampled");

    public KernelShares {
        dualSites = dualSites.map(List::copyOf);
    }

    /** Without allocation sites. */
    public KernelShares(Map<String, Double> remotePct, Map<String, Long> samples, Map<String, Long> migrated,
            String provenance, String notMeasured) {
        this(remotePct, samples, migrated, provenance, notMeasured, Optional.empty());
    }

    /** Nothing sampled, and why (one line for the report). */
    public static KernelShares notMeasured(String why) {
        return new KernelShares(Map.of(), Map.of(), Map.of(), "", why);
    }

    public boolean measured() {
        return !remotePct.isEmpty();
    }

    /** The remote share of configuration {@code option} in percent; NaN when it was not sampled. */
    public double remotePct(String option) {
        return remotePct.getOrDefault(option, Double.NaN);
    }

    public long samples(String option) {
        return samples.getOrDefault(option, 0L);
    }

    /**
     * Reads the locality files beside each configuration's PerfUtil CSV (those without them are left out) and keeps
     * the samples of the threads {@code rows} marks as application threads.
     *
     * @param perfUtilCsv by configuration option, the counters run's PerfUtil CSV
     * @param rows        by configuration option, that run's rows (for the threads' roles)
     */
    public static KernelShares read(Map<String, Path> perfUtilCsv, Map<String, PerfUtilRows> rows, String whyNot)
            throws IOException {
        Map<String, Double> pct = new LinkedHashMap<>();
        Map<String, Long> n = new LinkedHashMap<>();
        Map<String, Long> migrated = new LinkedHashMap<>();
        String provenance = "";
        Optional<List<LocalitySites.Site>> sites = Optional.empty();
        for (Map.Entry<String, Path> e : perfUtilCsv.entrySet()) {
            Path cells = LocalitySummary.cellsFile(e.getValue());
            PerfUtilRows r = rows.get(e.getKey());
            if (!Files.isRegularFile(cells) || !Files.isRegularFile(LocalitySummary.summaryFile(e.getValue()))
                    || r == null) {
                continue;
            }
            Set<Integer> application = r.threads().stream().filter(ThreadWork::isApplication).map(ThreadWork::tid)
                    .collect(Collectors.toSet());
            long[] localRemote = applicationSplit(cells, application);
            long total = localRemote[0] + localRemote[1];
            LocalitySummary s = LocalitySummary.read(e.getValue());
            n.put(e.getKey(), total);
            migrated.put(e.getKey(), s.vmstatDelta().getOrDefault("numa_pages_migrated", -1L));
            if (total > 0) {
                pct.put(e.getKey(), 100.0 * localRemote[1] / total);
            }
            if (provenance.isEmpty() || e.getKey().equals("dual")) {
                provenance = s.provenance();
            }
            if (e.getKey().equals("dual")) {
                sites = LocalitySummary.sites(e.getValue());
            }
        }
        if (n.isEmpty()) {
            return notMeasured(whyNot);
        }
        return new KernelShares(pct, n, migrated, provenance, pct.isEmpty() ? "no sample of an application thread" : "",
                sites);
    }

    /** {local, remote} samples of the given threads in a cells CSV ({@link LocalityReport#CELL_COLUMNS}). */
    static long[] applicationSplit(Path cells, Set<Integer> threads) throws IOException {
        long[] out = new long[2];
        try (Reader in = Files.newBufferedReader(cells);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            for (CSVRecord c : p) {
                if (threads.contains(Integer.parseInt(c.get("tid")))) {
                    boolean local = c.get("cpu_node").equals(c.get("page_node"));
                    out[local ? 0 : 1] += Long.parseLong(c.get("samples"));
                }
            }
        }
        return out;
    }
}
