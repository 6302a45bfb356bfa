package com.numa.opt;

import com.numa.core.classification.Thresholds;
import com.numa.core.flags.Flag;
import com.numa.opt.memory.CarrefourRules;
import java.util.List;

/**
 * The {@code -XX:NUMAOpts...} flags of the Awareness Thread, declared once; {@link OptFeature} hands them to the
 * feature registry.
 */
public final class OptFlags {

    /** Which node a single-node placement uses. */
    public enum NodeChoice { MAIN, LEAST_LOADED }

    /** Whether memory follows the threads: none (the paper: affinity only), bind new pages, migrate existing ones. */
    public enum MemPolicy { NONE, BIND, MIGRATE }

    /** Per-page memory placement from sampled page touches: none, or Carrefour's rules (see com.numa.opt.memory). */
    public enum Memory { NONE, CARREFOUR }

    /** Where per-thread work comes from (see {@link AwarenessThread}). */
    public enum Counters { AUTO, PERF, JVM }

    /** The throughput signal compared in the single-versus-all-nodes probe (see {@link CostSignal}). */
    public enum Signal { AUTO, CPI, PROGRESS, ALLOCATION, CPU_SHARE }

    public static final List<String> FAMILY_PREFIXES = List.of("NUMAOpts");

    public static final Flag<Boolean> ENABLE = Flag.bool("NUMAOpts", false,
            "start the Awareness Thread: classify the application online and pin it to one node or all nodes");
    public static final Flag<Integer> INTERVAL = Flag.integer("NUMAOptsInterval", 200, 10, 60_000,
            "base sleep between two decisions, ms");
    public static final Flag<Integer> START_DELAY = Flag.integer("NUMAOptsStartDelay", 2000, 0, 3_600_000,
            "ms after start before the Awareness Thread measures anything (counters, thread dump, MXBeans); a run "
                    + "that ends sooner pays only for a sleeping thread");
    public static final Flag<Boolean> STABILIZE = Flag.bool("NUMAOptsStabilize", true,
            "lengthen the interval while a parallel application gets the same decision; reset it when it changes");
    public static final Flag<Integer> INTERVAL_STEP = Flag.integer("NUMAOptsIntervalStep", 200, 1, 60_000,
            "how much each repeated parallel decision adds to the interval, ms");
    public static final Flag<Integer> INTERVAL_MAX = Flag.integer("NUMAOptsIntervalMax", 10_000, 10, 3_600_000,
            "upper bound of the stabilized interval, ms");
    public static final Flag<Integer> WORKER_SHARE = Flag.integer("NUMAOptsWorkerShare", (int) Thresholds.DEFAULTS.workerSharePct(), 0, 100,
            "an application thread (main excluded) is a worker when it does at least this share of the non-main application work, %");
    public static final Flag<Integer> MAIN_SHARE = Flag.integer("NUMAOptsMainShare", (int) Thresholds.DEFAULTS.mainSharePct(), 0, 100,
            "SINGLE_THREADED when the main thread's share of the work exceeds this, %");
    public static final Flag<Integer> IMBALANCE = Flag.integer("NUMAOptsImbalance", (int) Thresholds.DEFAULTS.embarrassingImbalancePct(), 0, 10_000,
            "EMBARRASSINGLY_IMBALANCED when the workers' imbalance (stdev/mean) exceeds this, %");
    public static final Flag<Double> PROBE_JIT_CPUS = Flag.decimal("NUMAOptsProbeJitCpus",
            DecisionThresholds.PROBE_JIT_CPUS, 0.0, 4096.0, "a probe waits while the JIT compiler threads want more "
                    + "CPUs than this over the last hold (a warming-up program, measured where the kernel keeps "
                    + "schedstat), at most NUMAOptsIntervalMax ms; 0 = never waits");
    public static final Flag<Double> MARGIN = Flag.decimal("NUMAOptsMargin", 0.15, 0.0, 10.0,
            "PARALLEL_ON_ALL_NODES when allNodeCost <= singleNodeCost * (1 + margin)");
    public static final Flag<NodeChoice> NODE = Flag.choice("NUMAOptsNode", NodeChoice.class, NodeChoice.MAIN,
            "node of a single-node placement: the one the main thread started on, or the least loaded one");
    public static final Flag<MemPolicy> MEM_POLICY = Flag.choice("NUMAOptsMemPolicy", MemPolicy.class, MemPolicy.NONE,
            "move memory with the threads: none, bind (future pages of the process's anonymous mappings), migrate (existing pages)");
    public static final Flag<Memory> MEMORY = Flag.choice("NUMAOptsMemory", Memory.class, Memory.NONE,
            "per-page placement of the Java heap from the kernel locality samples: none, or carrefour (collocate pages "
                    + "touched from one remote node when under 80% of touches are local, interleave shared pages when "
                    + "the nodes' memory serves them over 35% unevenly, advise per-node copies of read-only shared "
                    + "pages; move_pages, NUMA balancing on for the run); off with one line where locality is not "
                    + "measured (one node, no NUMA balancing)");
    public static final Flag<Integer> MEMORY_MAX_PAGES = Flag.integer("NUMAOptsMemoryMaxPages",
            CarrefourRules.Settings.DEFAULTS.maxPagesPerInterval(), 0, 1 << 24,
            "carrefour: at most this many pages moved per step (one a second at most), old generation first");
    public static final Flag<Integer> MEMORY_MIN_RATE = Flag.integer("NUMAOptsMemoryMinRate",
            (int) CarrefourRules.Settings.DEFAULTS.minSamplesPerSec(), 0, 100_000_000,
            "carrefour: below this many sampled heap page touches per second the application is not "
                    + "memory-intensive and no rule applies");
    public static final Flag<Boolean> FAKE = Flag.bool("NUMAOptsFake", false,
            "decide as usual but always act single-node (the paper's fakeOpts build, to measure the mechanism's cost)");
    public static final Flag<Boolean> THREADS = Flag.bool("NUMAOptsThreads", true,
            "place threads (pin to one node or to all); -XX:-NUMAOptsThreads decides and logs thread placement "
                    + "(log-only:...) but leaves the threads alone, while NUMAOptsMemory still acts: Carrefour's page "
                    + "placement alone, as in the paper");
    public static final Flag<Boolean> LOG_ONLY = Flag.bool("NUMAOptsLogOnly", false,
            "decide and log, never change affinity or memory policy");
    public static final Flag<String> LOG = Flag.string("NUMAOptsLog", "",
            "decision log CSV file (one row per interval and a final '# summary' line); \"\" = none");
    public static final Flag<Counters> COUNTERS = Flag.choice("NUMAOptsCounters", Counters.class, Counters.AUTO,
            "per-thread work: perf (PerfUtil: instructions+cycles, else task-clock), jvm (ThreadMXBean CPU time), "
                    + "auto = perf where it counts instructions and cycles, else jvm (same CPU time without perf events)");
    public static final Flag<Signal> SIGNAL = Flag.choice("NUMAOptsSignal", Signal.class, Signal.AUTO,
            "probe signal: cpi (needs cycles+instructions), progress (Progress.add from the application), "
                    + "allocation (bytes allocated by application threads), cpu-share (CPUs kept busy by application "
                    + "threads; never confines), auto = the first one measured on both sides of the probe, "
                    + "in that order");

    public static final Flag<String> LEASES = Flag.string("NUMAOptsLeases", "auto",
            "host-wide node lease file through which JVMs on one host that confine themselves take different nodes: "
                    + "auto = $XDG_RUNTIME_DIR/numa-jvm/node-leases (else <tmpdir>/numa-jvm-<user>/node-leases), "
                    + "a path, or off");

    private OptFlags() {
    }

    /** Carrefour's settings from the flags, or null when -XX:NUMAOptsMemory=none. */
    static CarrefourRules.Settings carrefour(com.numa.core.flags.FlagValues flags) {
        return flags.get(MEMORY) == Memory.NONE ? null : CarrefourRules.Settings.DEFAULTS.withLimits(
                flags.get(MEMORY_MIN_RATE), flags.get(MEMORY_MAX_PAGES));
    }

    public static List<Flag<?>> all() {
        return List.of(ENABLE, INTERVAL, START_DELAY, STABILIZE, INTERVAL_STEP, INTERVAL_MAX, WORKER_SHARE, MAIN_SHARE, IMBALANCE,
                MARGIN, PROBE_JIT_CPUS, NODE, MEM_POLICY, MEMORY, MEMORY_MAX_PAGES, MEMORY_MIN_RATE, FAKE, THREADS, LOG_ONLY, LOG, COUNTERS, SIGNAL, LEASES);
    }

}
