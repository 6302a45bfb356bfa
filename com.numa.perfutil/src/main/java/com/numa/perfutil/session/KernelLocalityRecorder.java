package com.numa.perfutil.session;

import com.numa.core.log.NumaLog;
import com.numa.core.threads.ThreadRoleRules;
import com.numa.perfutil.locality.KernelLocality;
import com.numa.perfutil.locality.KernelLocalitySampler;
import com.numa.perfutil.locality.LocalitySummary;
import com.numa.perfutil.locality.ObjectSamples;
import com.numa.perfutil.locality.MemoryRanges;
import com.numa.perfutil.locality.NumaBalancing;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * {@code -XX:+PerfUtilKernelLocality}: the kernel locality source over the JVM's whole run, balancing tuned while it
 * runs (where this process may) and restored at exit; at exit its cells and summary are written beside the PerfUtil
 * CSV. With {@code -XX:+PerfUtilLocalitySites} JFR's old-object sampler records the allocation sites beside them
 * ({@link ObjectSamples}) and the sampled heap pages are written too, for {@link LocalitySites}. A failure is reported
 * once and the source turns itself off; the application runs on.
 */
final class KernelLocalityRecorder {
    private KernelLocalityRecorder() {
    }

    static void start(Path perfUtilCsv, boolean probe, boolean sites, Instrumentation inst, NumaLog log) {
        KernelLocality k;
        try {
            MemoryRanges ranges = MemoryRanges.ofJvm(inst);
            k = KernelLocality.start(NumaBalancing.system(), NumaBalancing.TUNED, KernelLocalitySampler.Options.DEFAULTS,
                    ranges, probe);
        } catch (RuntimeException | LinkageError e) {
            log.once("kernel locality", "PerfUtil kernel locality: " + e.getMessage() + "; it is off");
            return;
        }
        boolean recordingSites = sites && startObjectSamples(perfUtilCsv, log);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                KernelLocality.Result r = k.stop();
                LocalitySummary.write(perfUtilCsv, r);
                if (recordingSites) {
                    r.report().heapPages().write(LocalitySummary.pagesFile(perfUtilCsv));
                }
                r.settingProblems().forEach(p -> log.once("kernel locality setting " + p, "PerfUtil kernel locality: " + p));
            } catch (Exception e) {
                log.once("kernel locality", "PerfUtil kernel locality: " + e.getMessage() + "; nothing was written");
            }
        }, ThreadRoleRules.AGENT_PREFIX + "kernel-locality-exit"));
    }

    /** Starts JFR's old-object sampler; false, reported once, where JFR cannot record here. */
    private static boolean startObjectSamples(Path perfUtilCsv, NumaLog log) {
        try {
            ObjectSamples.start(LocalitySummary.objectsFile(perfUtilCsv));
            return true;
        } catch (Exception | LinkageError e) {
            log.once("locality sites", "PerfUtil locality sites: JFR cannot record here (" + e + "); the sampled "
                    + "pages are not matched to allocation sites");
            return false;
        }
    }
}
