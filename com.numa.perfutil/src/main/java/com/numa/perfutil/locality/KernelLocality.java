package com.numa.perfutil.locality;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One measurement window of the kernel locality source, from set-up to restore: NUMA balancing enabled and its scanner
 * tuned where this process may ({@link NumaBalancing}), every thread's hinting faults sampled through a kprobe where
 * the kernel allows, else its page faults ({@link FaultSource#choose}, {@link KernelLocalitySampler}), the settings put
 * back. The {@link Result} keeps both sets of settings, what could not be changed, the sampling method (and why the
 * probe did not run) and the transparent huge page mode, as the provenance of its figures.
 */
public final class KernelLocality implements AutoCloseable {
    private final NumaBalancing.Tuning tuning;
    private final KernelLocalitySampler sampler;
    private final String whyNotProbed;
    private Result result;

    /**
     * What was measured and under which settings; {@code whyNotProbed} says why the hinting faults were not probed
     * where the probe was asked for ("" when it ran or was not asked for).
     */
    public record Result(LocalityReport report, NumaBalancing.Settings before, NumaBalancing.Settings during,
            List<String> settingProblems, String transparentHugePages, int realNodes, String whyNotProbed) {

        /** The one paragraph of provenance every table built from the report carries. */
        public String provenance() {
            StringBuilder sb = new StringBuilder(LocalityReport.LABEL).append(". ").append(report.method())
                    .append(whyNotProbed.isEmpty() ? "" : " (hinting faults not probed: " + whyNotProbed + ")")
                    .append(". NUMA balancing "
                    + "during the window: ").append(during.describe()).append("; before (restored after): ")
                    .append(before.describe()).append("; transparent huge pages: ").append(transparentHugePages)
                    .append('.');
            if (!settingProblems.isEmpty()) {
                sb.append(" Settings not changed: ").append(String.join("; ", settingProblems)).append('.');
            }
            if (!during.enabled()) {
                sb.append(" NUMA balancing was off: the samples are ordinary page faults (first touches), not hinting"
                        + " faults.");
            }
            Long migrated = report.vmstatDelta().get("numa_pages_migrated");
            if (migrated != null) {
                sb.append(" Pages migrated in the window (whole machine): ").append(migrated).append('.');
            }
            return sb.toString();
        }
    }

    private KernelLocality(NumaBalancing.Tuning tuning, KernelLocalitySampler sampler, String whyNotProbed) {
        this.tuning = tuning;
        this.sampler = sampler;
        this.whyNotProbed = whyNotProbed;
    }

    /**
     * Tunes balancing to {@code wanted} (empty: leave the kernel's settings as they are) and starts sampling every
     * thread of this process.
     */
    public static KernelLocality start(NumaBalancing balancing, Map<String, String> wanted,
            KernelLocalitySampler.Options options, MemoryRanges ranges) {
        return start(balancing, wanted, options, ranges, false);
    }

    /**
     * As {@link #start(NumaBalancing, Map, KernelLocalitySampler.Options, MemoryRanges)}; with {@code probe}, the
     * hinting faults themselves where the kernel allows ({@link FaultSource#choose}). Not the default: in the project's
     * emulated guest, 2 of about 15 runs with the probe crashed the JVM (a thread's instruction pointer corrupted), which
     * no run with page faults has shown there; whether the emulator or the probe is at fault is not settled.
     */
    public static KernelLocality start(NumaBalancing balancing, Map<String, String> wanted,
            KernelLocalitySampler.Options options, MemoryRanges ranges, boolean probe) {
        NumaBalancing.Tuning t = balancing.tune(wanted);
        try {
            FaultSource.Choice c = probe ? FaultSource.choose(t.during().enabled(), KernelLocalitySampler.realNodeCount())
                    : new FaultSource.Choice(FaultSource.PAGE_FAULTS, "");
            return new KernelLocality(t, KernelLocalitySampler.start(options, ranges, c.source()), c.whyNotProbed());
        } catch (RuntimeException e) {
            t.restore();
            throw e;
        }
    }

    /** Whether NUMA balancing is on during the window: without it the samples are first touches only. */
    public boolean balancingOn() {
        return tuning.during().enabled();
    }

    /** The settings that could not be changed for the window, each with its reason (empty when all were). */
    public List<String> settingProblems() {
        return tuning.problems();
    }

    /** Tells {@code sink} of every heap sample counted from now on ({@link KernelLocalitySampler#onHeapSample}). */
    public void onHeapSample(HeapSampleSink sink) {
        sampler.onHeapSample(sink);
    }

    /** True once thread {@code tid} is sampled. */
    public boolean sampling(int tid) {
        return sampler.sampling(tid);
    }

    /** Stops sampling and restores the settings; later calls return the same result. */
    public synchronized Result stop() {
        if (result == null) {
            LocalityReport r;
            try {
                r = sampler.stop();
            } finally {
                tuning.restore();
            }
            result = new Result(r, tuning.before(), tuning.during(), tuning.problems(), transparentHugePages(),
                    KernelLocalitySampler.realNodeCount(), whyNotProbed);
        }
        return result;
    }

    @Override
    public void close() {
        stop();
    }

    /**
     * Empty where locality can be measured; else the one line a report prints instead of the figures: on one node
     * every access is local.
     */
    public static Optional<String> whyNotMeasured(int realNodes) {
        return realNodes >= 2 ? Optional.empty()
                : Optional.of("locality is not measured: this machine has " + realNodes + " NUMA node, so no access is "
                        + "remote (run on a multi-node machine, or in tools/numa-guest)");
    }

    /**
     * Why this source cannot sample remote page touches here, or null when it can: it needs two or more real nodes, NUMA
     * balancing in the kernel, the page-faults software event, and balancing on or root to turn it on for the window.
     * {@code numaBalancing} is kernel.numa_balancing (null: the kernel has none); {@code pageFaultsProblem} why the
     * page-faults event does not open (null: it opens). {@code numa doctor} and the optimizer's memory placement both
     * ask this.
     */
    public static String blocker(int realNodes, Integer numaBalancing, String pageFaultsProblem, boolean root) {
        if (realNodes < 2) {
            return "one NUMA node: no memory is remote";
        }
        if (numaBalancing == null) {
            return "no NUMA balancing in this kernel";
        }
        if (pageFaultsProblem != null) {
            return "page-faults does not open: " + pageFaultsProblem;
        }
        if (numaBalancing == 0 && !root) {
            return "NUMA balancing is off and only root may turn it on for the run";
        }
        return null;
    }

    /**
     * Whether this kernel lets memory bound to nodes still take hinting faults (MPOL_F_NUMA_BALANCING, {@code numactl
     * --balancing}, Linux 5.12 and newer): plain binding gives none, so the sampled configurations bind that way.
     */
    public static boolean bindingWithBalancing() {
        String[] v = System.getProperty("os.version", "0.0").split("[.-]");
        try {
            int major = Integer.parseInt(v[0]);
            int minor = v.length > 1 ? Integer.parseInt(v[1]) : 0;
            return major > 5 || major == 5 && minor >= 12;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The kernel's THP mode, the bracketed word of /sys/kernel/mm/transparent_hugepage/enabled. */
    static String transparentHugePages() {
        try {
            String s = KernelFiles.read(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
            int a = s.indexOf('[');
            int b = s.indexOf(']');
            return a >= 0 && b > a ? s.substring(a + 1, b) : s.strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
