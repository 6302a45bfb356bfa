package com.numa.perfutil;

import com.numa.core.flags.Flag;
import com.numa.perfutil.events.StudyEvents;
import java.util.List;
import java.util.function.Function;

/**
 * The PerfUtil family of {@code -XX:} flags, declared once (the launcher, the agent and mx vm all parse through these
 * declarations via the feature registry, {@code com.numa.core.feature.FeatureRegistry}).
 *
 * <p>Without {@code -XX:PerfUtilEvents}, PerfUtil counts the study's events this machine can count
 * ({@code PerfUtil.defaultEvents()}): instructions, cycles, LLC and node loads and misses where a hardware PMU counts
 * them, and the software events below, which count on every Linux machine including virtual machines without a PMU.
 */
public final class PerfUtilFlags {

    /** What PerfUtil counts: every JVM thread, every CPU, or both. */
    public enum Scope {
        THREAD, CORE, BOTH;

        public boolean threads() {
            return this != CORE;
        }

        public boolean cores() {
            return this != THREAD;
        }
    }

    /** Which library opens the counters: the kernel's perf_event_open directly, or PAPI (libpapi) over it. */
    public enum Backend {
        PERF, PAPI
    }

    /** What the kernel locality source samples ({@code com.numa.perfutil.locality.FaultSource}). */
    public enum LocalitySource {
        PAGE_FAULTS, HINTING_PROBE
    }

    /** Family prefixes: any -XX: flag starting with one of these is ours, so a misspelling is an error, not java's. */
    public static final List<String> FAMILY_PREFIXES = List.of("PerfUtil");

    public static final Flag<Boolean> ENABLE = Flag.bool("PerfUtil", false,
            "Count hardware/software events per thread and/or per core and write them to PerfUtilOutput");

    public static final Flag<List<String>> EVENTS = Flag.list("PerfUtilEvents", StudyEvents.SOFTWARE,
            "Events to count, perf list names (e.g. instructions,cycles,LLC-load-misses on a real PMU)");

    public static final Flag<Scope> SCOPE = Flag.choice("PerfUtilScope", Scope.class, Scope.THREAD,
            "thread: every JVM thread; core: every CPU (needs root or perf_event_paranoid<=0); both");

    public static final Flag<Integer> INTERVAL = Flag.integer("PerfUtilInterval", 1000, 10, 3_600_000,
            "Sampling interval in milliseconds; the CSV is rewritten at every interval and at exit");

    public static final Flag<Integer> THREAD_WATCH = Flag.integer("PerfUtilThreadWatch", 10, 0, 1000,
            "How often (ms) to look for threads started or ended between readings, so short-lived threads are counted"
            + " from their start to their end; 0: only at each PerfUtilInterval");

    public static final Flag<String> OUTPUT = Flag.custom("PerfUtilOutput", "path", "perfutil.csv",
            "CSV file for the samples (written atomically)",
            new Function<>() { // a class, not a method reference: see CoreFlags.METHOD_NAME
                @Override
                public String apply(String v) {
                    return nonBlankPath(v);
                }
            });

    public static final Flag<Backend> BACKEND = Flag.choice("PerfUtilBackend", Backend.class, Backend.PERF,
            "perf: perf_event_open via JNA; papi: libpapi (needs libpapi-dev)");

    public static final Flag<Boolean> KERNEL_LOCALITY = Flag.bool("PerfUtilKernelLocality", false,
            "Also sample remote page accesses from the kernel's NUMA balancing (tuned while the JVM runs, root) into"
            + " PerfUtilOutput's -locality.csv/.json; no PMU needed");

    public static final Flag<LocalitySource> LOCALITY_SOURCE = Flag.choice("PerfUtilLocalitySource",
            LocalitySource.class, LocalitySource.PAGE_FAULTS, "What PerfUtilKernelLocality samples: page-faults (every"
            + " page fault, hinting faults among them); hinting-probe (the hinting faults themselves, through a kprobe"
            + " on numa_migrate_prep: root, x86-64, Linux up to 6.10; page faults where it cannot run)");

    public static final Flag<Boolean> LOCALITY_SITES = Flag.bool("PerfUtilLocalitySites", false,
            "With PerfUtilKernelLocality, also record the allocation sites of sampled heap pages (JFR's old-object"
            + " sampler) into PerfUtilOutput's -locality-objects.jfr and -locality-pages.csv; numa characterize joins them");

    private PerfUtilFlags() {
    }

    public static List<Flag<?>> all() {
        return List.of(ENABLE, EVENTS, SCOPE, INTERVAL, THREAD_WATCH, OUTPUT, BACKEND, KERNEL_LOCALITY, LOCALITY_SOURCE,
                LOCALITY_SITES);
    }

    private static String nonBlankPath(String v) {
        if (v.isBlank()) {
            throw new Flag.BadValue("a file path (e.g. perfutil.csv)");
        }
        return v;
    }
}
