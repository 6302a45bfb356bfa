package com.numa.opt;

import com.numa.core.feature.FeatureContext;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import com.numa.opt.OptFlags.NodeChoice;
import com.numa.opt.OptFlags.Signal;
import com.numa.opt.memory.CarrefourPlacement;
import com.numa.opt.memory.CarrefourRules;
import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.perfutil.locality.KernelLocality;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The NUMA optimizer of -XX:+NUMAOpts (paper §5): one daemon thread named {@value #THREAD_NAME} that repeats
 * Sleep → Collect → Process → Decide → Act; application threads do no extra work.
 *
 * <p>Public surface of com.numa.opt:
 * <ul>
 * <li>{@link #start(FeatureContext)}: what {@link OptFeature} calls from the agent (on the main thread, so that
 * -XX:NUMAOptsNode=main finds the main thread's node); the overload taking a {@link WorkSource} and
 * {@link ThreadPlacement} is for other counter sources and for tests.</li>
 * <li>{@link #state()}, {@link #migrations()}, {@link #history()}: what it decided; {@link #close()} stops it and
 * writes the summary (also done by a shutdown hook).</li>
 * <li>{@link OptFlags}: the flags; {@link Decider}: the pure decision logic; {@link Progress}: the application's
 * throughput API for machines without counters.</li>
 * </ul>
 *
 * <p>Collect reads cumulative per-thread work ({@link WorkSource}: retired instructions and cycles through PerfUtil, or
 * CPU time where there is no PMU); Process turns one interval's deltas into {@link IntervalMetrics}; Decide is
 * {@link Decider}; Act pins every thread of the JVM (application and internal, and threads created later: new tids are
 * pinned every base interval, also during a stabilized long sleep) to one node's CPUs or to all usable CPUs, and
 * optionally moves memory ({@link MemoryPlacement}).
 *
 * <p>On a one-node machine (and with -XX:-NUMAOpts) nothing starts: one log line, no thread, no cost. An internal
 * failure is reported once, the threads get all usable CPUs back and the optimizer turns itself off.
 */
public final class AwarenessThread implements AutoCloseable {
    public static final String THREAD_NAME = "NUMA-Awareness-Thread";
    /** How the one line that says why -XX:NUMAOptsMemory=carrefour moves nothing begins. */
    public static final String MEMORY_OFF = "NUMAOptsMemory=carrefour off: ";

    private final Settings settings;
    private final NumaTopology topology;
    private final ThreadDirectory directory;
    /** The counter source given by the caller, or null for the agent's (PerfUtil or the JVM's, chosen in {@link #run}). */
    private final WorkSource givenWork;
    private WorkSource work;
    private final ThreadPlacement placement;
    private final Consumer<String> log;
    /** The host's node leases (other JVMs under NUMAOpts); {@link NodeLeases#NONE} when off or after a failure. */
    private NodeLeases leases;
    /*
     * The loop's machinery, made on the Awareness Thread once the start delay has passed (see run): premain waits for
     * nothing it does not need, and a run that ends sooner never loads it. Null before.
     */
    private MemoryPlacement memory;
    private Decider decider;
    private NodePinner pinner;
    private final IntervalCollector collector = new IntervalCollector();
    /** Made on the Awareness Thread after the start delay: the MXBean costs start-up time (see {@link #run}). */
    private ThreadAllocation allocation;
    private ProcessCpu processCpu;
    private ThreadDemand demand;
    private final CpuLoad cpuLoad = new CpuLoad();
    private DecisionLog csv;
    private boolean csvOpened;
    private final int mainNode;
    /** The latest intervals only: a long-running JVM must not grow without bound (the CSV keeps them all). */
    private static final int HISTORY_LIMIT = 4096;
    private final java.util.ArrayDeque<IntervalRecord> history = new java.util.ArrayDeque<>();
    private int intervals;
    private final Map<AppState, Integer> stateCounts = new EnumMap<>(AppState.class);
    private final Thread thread;
    private final Thread shutdownHook;
    private volatile boolean running;
    private volatile AppState state = AppState.UNDECIDED;
    private AppState lastSettled = AppState.UNDECIDED;
    private Placement lastPlacement;
    private volatile int migrations;
    private volatile String signalUsed = "none";
    private volatile String failure;
    private int placementChanges;
    private boolean memoryOn = true;
    private int singleNode = -1;
    private long startNs;
    private volatile long selfCpuNs = -1;
    /** -XX:NUMAOptsMemory=carrefour's settings (null: none), and where the heap's range is asked; set before begin(). */
    private CarrefourRules.Settings carrefourSettings;
    private Instrumentation instrumentation;
    private CarrefourPlacement carrefour;

    /** The flag values this thread acts on, resolved once. */
    record Settings(boolean fake, boolean logOnly, boolean threads, NodeChoice node, Signal signal, long baseIntervalMs,
            long startDelayMs, String logFile, DecisionThresholds thresholds, OptFlags.Counters counters,
            OptFlags.MemPolicy memPolicy) {
        /** Whether act() changes threads' affinity: not with -XX:+NUMAOptsLogOnly nor -XX:-NUMAOptsThreads. */
        boolean movesThreads() {
            return !logOnly && threads;
        }
    }

    private AwarenessThread(Settings settings, NumaTopology topology, ThreadDirectory directory, WorkSource givenWork,
            ThreadPlacement placement, NodeLeases leases, Consumer<String> log) {
        this.leases = leases;
        this.settings = settings;
        this.topology = topology;
        this.directory = directory;
        this.givenWork = givenWork;
        this.placement = placement;
        this.log = log;
        this.mainNode = NodeChooser.nodeOf(topology, placement.currentCpu());
        // classes, not lambdas: premain starts the optimizer, and each lambda is a class spun at run time there
        this.thread = new Thread(new Runnable() {
            @Override
            public void run() {
                AwarenessThread.this.run();
            }
        }, THREAD_NAME);
        this.thread.setDaemon(true);
        this.shutdownHook = new Thread(new Runnable() {
            @Override
            public void run() {
                stop(false);
            }
        }, THREAD_NAME + "-exit");
    }

    /** An instance that never started (one node, or -XX:-NUMAOpts). */
    private AwarenessThread() {
        settings = null;
        topology = null;
        directory = null;
        givenWork = null;
        placement = null;
        leases = NodeLeases.NONE;
        log = s -> { };
        mainNode = -1;
        thread = null;
        shutdownHook = null;
    }

    /**
     * The agent's entry point: PerfUtil per-thread counters (instructions and cycles where the machine counts them,
     * task-clock otherwise), real affinity calls, messages on stderr.
     */
    public static AwarenessThread start(FeatureContext context) {
        return start(context.flags(), context.topology(), context.threads(), null, new AffinityPlacement(),
                NodeLeases.forFlag(context.flags().get(OptFlags.LEASES)), context.log().of("NUMAOpts"),
                context.instrumentation());
    }

    /**
     * Starts the optimizer with explicit parts. {@code work} null means PerfUtil's per-thread counters, or, if those
     * cannot be opened at all, per-thread CPU time from the JVM. Returns an instance whose {@link #running()} is false
     * when nothing was started.
     */
    public static AwarenessThread start(FlagValues flags, NumaTopology topology, ThreadDirectory threads, WorkSource work,
            ThreadPlacement placement, Consumer<String> log) {
        // scripted placements move no real thread: they take no lease on the host's nodes
        return start(flags, topology, threads, work, placement, NodeLeases.NONE, log);
    }

    /** As above, with the host's node leases ({@link NodeLeases}) that the single node is chosen through. */
    static AwarenessThread start(FlagValues flags, NumaTopology topology, ThreadDirectory threads, WorkSource work,
            ThreadPlacement placement, NodeLeases leases, Consumer<String> log) {
        return start(flags, topology, threads, work, placement, leases, log, null);
    }

    private static AwarenessThread start(FlagValues flags, NumaTopology topology, ThreadDirectory threads,
            WorkSource work, ThreadPlacement placement, NodeLeases leases, Consumer<String> log,
            Instrumentation inst) {
        if (!flags.get(OptFlags.ENABLE)) {
            return new AwarenessThread();
        }
        if (topology.nodeCount() < 2) {
            log.accept("one NUMA node (" + topology + "): nothing to choose between, Awareness Thread not started"
                    + " (to try it on one node, emulate nodes: " + NumaTopologies.FLAG + "=2)");
            if (OptFlags.carrefour(flags) != null) {
                log.accept(MEMORY_OFF + KernelLocality.blocker(topology.nodeCount(), null,
                        null, true) + "; no page is moved");
            }
            return new AwarenessThread();
        }
        com.numa.core.topology.NumaNode first = topology.node(0);
        int nodeCores = Math.max(1, first.cpus().size());
        Settings s = new Settings(flags.get(OptFlags.FAKE), flags.get(OptFlags.LOG_ONLY), flags.get(OptFlags.THREADS),
                flags.get(OptFlags.NODE),
                flags.get(OptFlags.SIGNAL), flags.get(OptFlags.INTERVAL), flags.get(OptFlags.START_DELAY),
                OutputPaths.expand(flags.get(OptFlags.LOG)), DecisionThresholds.from(flags, nodeCores), flags.get(OptFlags.COUNTERS),
                flags.get(OptFlags.MEM_POLICY));
        // counters are opened on the Awareness Thread, not on the caller (the main thread in premain)
        AwarenessThread a = new AwarenessThread(s, topology, threads, work, placement, leases, log);
        a.carrefourSettings = OptFlags.carrefour(flags);
        a.instrumentation = inst;
        a.begin();
        return a;
    }

    private static DecisionLog openLog(String file, Consumer<String> log) {
        try {
            return new DecisionLog(Path.of(file));
        } catch (IOException | RuntimeException e) {
            log.accept("cannot write the decision log -XX:NUMAOptsLog=" + file + " (" + e + "); running without it."
                    + " Give a path in an existing, writable directory.");
            return null;
        }
    }

    /**
     * PerfUtil's per-thread counters where they count instructions and cycles (the paper's CPI). Where they cannot
     * (no PMU), auto takes CPU time from the JVM instead of perf's task-clock: the same quantity, without a perf event
     * per thread that the kernel switches on every context switch.
     */
    private static WorkSource workSource(OptFlags.Counters counters, ThreadDirectory threads, Consumer<String> log) {
        if (counters == OptFlags.Counters.JVM) {
            return new JvmThreadWork();
        }
        if (counters == OptFlags.Counters.AUTO && !PmuCatalog.system().hasCorePmu()) {
            // no hardware PMU in sysfs: nothing would count instructions, so do not open (and drop) an event per thread
            return new JvmThreadWork();
        }
        SamplerWork perf;
        try {
            List<String> events = counters == OptFlags.Counters.PERF ? List.of("instructions", "cycles", "task-clock")
                    : List.of("instructions", "cycles");
            perf = new SamplerWork(PerfUtil.perThread(events, threads, log));
        } catch (RuntimeException e) {
            log.accept("per-thread counters unavailable (" + e.getMessage() + "); using the JVM's per-thread CPU time");
            return new JvmThreadWork();
        }
        if (counters == OptFlags.Counters.AUTO && !perf.hasCycles()) {
            perf.close();
            return new JvmThreadWork();
        }
        return perf;
    }

    private void begin() {
        running = true;
        startNs = System.nanoTime();
        if (settings.node() == NodeChoice.LEAST_LOADED) {
            cpuLoad.busySinceLastCall(); // so the first choice looks at load since start, not since boot
        }
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        log.accept("started on " + topology + ", signal=" + com.numa.core.flags.Flag.spell(settings.signal()) + (settings.fake() ? ", fake (always single node)" : "")
                + (settings.logOnly() ? ", log only" : !settings.threads() ? ", threads left where they are" : "")
                + ", main thread on node " + topology.node(mainNode).id()
                + (settings.startDelayMs() > 0 ? ", measuring from " + settings.startDelayMs() + " ms" : ""));
        thread.start();
    }

    public boolean running() {
        return running;
    }

    /** The latest decision (a probe state while probing). */
    public AppState state() {
        return state;
    }

    public int migrations() {
        return migrations;
    }

    /** The intervals so far, oldest first (the latest {@value #HISTORY_LIMIT} of them). */
    public List<IntervalRecord> history() {
        synchronized (history) {
            return List.copyOf(history);
        }
    }

    /** CPU time the Awareness Thread consumed in total (its direct cost), known once it has stopped; -1 before. */
    public long selfCpuNs() {
        return selfCpuNs;
    }

    /** Why the optimizer turned itself off, or null. */
    public String failure() {
        return failure;
    }

    /** Stops the loop, waits for it, writes the summary. Affinity stays as last set. */
    @Override
    public void close() {
        if (thread == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook is running or ran
        }
        stop(true);
    }

    /**
     * At the JVM's exit ({@code close == false}) the wait is only for what has to be written, the decision log: without
     * one the JVM does not wait for a step under way (the first thread dump, loading JNA for a first affinity call:
     * up to a second of wall time on a loaded machine); the daemon thread ends with the JVM, and the kernel closes its
     * counters.
     */
    private void stop(boolean close) {
        running = false;
        thread.interrupt();
        if (!close && settings.logFile().isEmpty()) {
            return;
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Start-up is what short runs pay for (measured: the first thread dump, JNA and the MXBeans were 17-20 % of the
     * CPU time of 0.2-0.3 s runs), so nothing is measured before the start delay has passed: a run that ends sooner
     * has only had a sleeping thread. Then counters, the first thread dump and the MXBeans, each step giving way at
     * once if the JVM is exiting.
     */
    private void run() {
        try {
            if (!sleep(settings.startDelayMs())) {
                return;
            }
            openLog();
            memory = new SyscallMemoryPlacement(settings.memPolicy());
            decider = new Decider(settings.thresholds());
            pinner = new NodePinner(placement);
            startCarrefour();
            work = givenWork != null ? givenWork : workSource(settings.counters(), directory, log);
            log.accept("work counted as " + work.workUnit() + " from " + work.describe()
                    + (work.hasCycles() ? ", with cycles (CPI)" : ", no cycles (no CPI)"));
            if (!running) {
                return;
            }
            allocation = new ThreadAllocation();
            List<ThreadIdentity> first = directory.liveThreads();
            collector.deltas(collect(first, allocation.supported()));
            processCpu = new ProcessCpu();
            demand = new ThreadDemand();
            demand.read(first, 0);
            long progress = Progress.total();
            long last = System.nanoTime();
            long sleepMs = settings.baseIntervalMs();
            while (running) {
                if (!sleep(sleepMs)) {
                    break;
                }
                List<ThreadIdentity> threads = directory.liveThreads();
                long p = Progress.total();
                boolean cpuTime = "cpu-ns".equals(work.workUnit());
                List<Signal> signals = CostSignal.candidates(settings.signal(), work.hasCycles(), p > 0,
                        allocation.supported(), cpuTime);
                List<ThreadWork> deltas = collector.deltas(collect(threads, signals.contains(Signal.ALLOCATION)));
                long now = System.nanoTime();
                // what confining must fit on one node: the application threads' CPUs, not the JIT's or GC's bursts
                double busy = cpuTime ? CostSignal.busyCpus(deltas, now - last) : Double.NaN;
                IntervalMetrics m = IntervalMetrics.of(deltas, settings.thresholds().workerSharePct(),
                        CostSignal.costs(signals, deltas, now - last, p - progress), busy)
                        .withJvmBusyCpus(processCpu.busyCpus(now - last));
                m = m.withWantedCpus(demand.read(threads, now - last));
                signalUsed = m.signal();
                long measuredMs = (now - last) / 1_000_000;
                last = now;
                progress = p;
                Decision d = decider.next(m);
                String action = act(d.placement(), threads);
                record(d, m, action, measuredMs);
                memoryStep();
                sleepMs = d.intervalMs();
            }
        } catch (Throwable t) {
            if (!running) {
                return; // stopping: a read cut short by the exit's interrupt is not a failure (finally still runs)
            }
            failure = t.toString();
            log.accept("internal failure, optimizer off, threads get all CPUs back: " + t);
            try {
                if (pinner != null) {
                    pinner.moveTo(topology.usableCpus(), directory.liveThreads());
                }
            } catch (Throwable ignored) {
                // best effort: the application runs on regardless
            }
        } finally {
            running = false;
            finish();
        }
    }

    /**
     * Sleeps in base-interval slices, pinning threads created meanwhile and taking Carrefour's steps when due: its
     * cadence is its own (once a second), not the decision interval's, which a stable parallel program stretches to
     * NUMAOptsIntervalMax. False when stopped.
     */
    private boolean sleep(long ms) throws IOException {
        long end = System.nanoTime() + ms * 1_000_000;
        while (running) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return true;
            }
            try {
                Thread.sleep(Math.min(left, settings.baseIntervalMs()));
            } catch (InterruptedException e) {
                return false;
            }
            if (System.nanoTime() < end && settings.movesThreads() && pinner != null && pinner.target() != null) {
                pinner.follow(directory.liveThreads());
            }
            memoryStep();
        }
        return false;
    }

    /** Allocated bytes are read only while the allocation signal is in use (a call per thread). */
    private List<ThreadWork> collect(List<ThreadIdentity> threads, boolean withAllocation) {
        List<ThreadWork> readings = work.read(threads);
        return withAllocation ? allocation.fill(readings) : readings;
    }

    private String act(Placement p, List<ThreadIdentity> threads) {
        if (p == null) {
            return "none";
        }
        Placement effective = settings.fake() ? Placement.SINGLE_NODE : p;
        int node = effective == Placement.SINGLE_NODE ? chooseNode() : -1;
        if (node >= 0 && settings.movesThreads()) {
            node = claimNode(node);
        }
        CpuSet target = node >= 0 ? topology.node(node).cpus() : topology.usableCpus();
        String name = node >= 0 ? "pin-single:node" + topology.node(node).id() : "pin-all";
        if (!settings.movesThreads()) {
            return "log-only:" + name;
        }
        if (node < 0 && pinner.target() == null) {
            // never confined: the threads still have the affinity they started with (or chose themselves); leave
            // them alone, which also spares loading the native library for affinity calls
            return "stay";
        }
        if (node < 0) {
            releaseLease();
        }
        if (!pinner.moveTo(target, threads)) {
            return "stay";
        }
        placementChanges++;
        if (memoryOn) {
            try {
                memory.follow(node, topology);
            } catch (RuntimeException e) {
                memoryOn = false; // affinity alone still helps; report once
                log.accept("memory policy off after a failure, affinity continues: " + e.getMessage());
            }
        }
        return name;
    }

    /**
     * The node this JVM takes among the other JVMs of the host ({@link NodeLeases}): {@code preferred} when free. A
     * lease file that cannot be used is reported once and the JVM goes on alone.
     */
    private int claimNode(int preferred) {
        try {
            NodeLeases.Claim c = leases.claim(topology, preferred);
            String note = c.note(topology, preferred);
            if (note != null) {
                log.accept(note);
            }
            if (c.node() != preferred && settings.node() == NodeChoice.LEAST_LOADED) {
                singleNode = c.node();
            }
            return c.node();
        } catch (RuntimeException e) {
            if (!running) {
                return preferred; // the exit interrupted the file lock: nothing is wrong with the file
            }
            log.accept("node leases off, other JVMs on this host are not seen: " + e.getMessage()
                    + " (give -XX:NUMAOptsLeases= a writable file, or off)");
            leases = NodeLeases.NONE;
            return preferred;
        }
    }

    private void releaseLease() {
        try {
            leases.release();
        } catch (RuntimeException e) {
            leases = NodeLeases.NONE; // a dead JVM's lease is ignored by the others anyway
        }
    }

    /** The single node: main's, or the least loaded one chosen when entering single-node mode and kept while there. */
    private int chooseNode() {
        if (settings.node() == NodeChoice.MAIN) {
            return mainNode;
        }
        boolean onSingle = singleNode >= 0 && topology.node(singleNode).cpus().equals(pinner.target());
        if (!onSingle) {
            singleNode = NodeChooser.leastLoaded(topology, cpuLoad.busySinceLastCall());
        }
        return singleNode;
    }

    private void record(Decision d, IntervalMetrics m, String action, long measuredMs) throws IOException {
        AppState before = lastSettled;
        if (!d.state().probe()) {
            lastSettled = d.state();
        }
        state = d.state();
        migrations = d.migrations();
        stateCounts.merge(d.state(), 1, Integer::sum);
        CpuSet target = pinner.target();
        IntervalRecord r = new IntervalRecord((System.nanoTime() - startNs) / 1_000_000, measuredMs, d.state(), m.signal(),
                m.cost(), m.mainSharePct(), m.workers(), m.imbalancePct(), action, target == null ? "" : target.toList(),
                d.migrations(), d.reason(), System.currentTimeMillis());
        synchronized (history) {
            if (history.size() == HISTORY_LIMIT) {
                history.removeFirst();
            }
            history.addLast(r);
            intervals++;
        }
        if (csv != null) {
            csv.add(r);
        }
        if (!d.state().probe() && (before != d.state() || d.placement() != lastPlacement)) {
            log.accept("decided " + d.state() + " (" + action + "): " + d.reason());
        }
        if (!d.state().probe()) {
            lastPlacement = d.placement();
        }
    }

    /** -XX:NUMAOptsMemory=carrefour: on, or off with one line saying why. */
    private void startCarrefour() {
        if (carrefourSettings == null) {
            return;
        }
        long t0 = System.nanoTime();
        carrefour = CarrefourPlacement.start(carrefourSettings, topology, instrumentation,
                settings.logOnly());
        // the set-up time is said because it is what a short run loses: ~0.3 s of CPU natively, ~10 s under emulation
        log.accept(carrefour.on() ? "NUMAOptsMemory=carrefour on after " + (System.nanoTime() - t0) / 1_000_000
                + " ms of set-up: heap pages sampled through NUMA balancing's hinting faults; reads and writes are not"
                + " told apart, so replication is not judged"
                : MEMORY_OFF + carrefour.whyOff() + "; no page is moved");
    }

    /** One Carrefour step (once a second at most); a failure turns page placement off, thread placement goes on. */
    private void memoryStep() throws IOException {
        if (carrefour == null || !carrefour.on()) {
            return;
        }
        List<CarrefourPlacement.Line> lines;
        try {
            lines = carrefour.step();
        } catch (RuntimeException e) {
            log.accept(MEMORY_OFF + "internal failure (" + e + "); thread placement goes on");
            carrefour.close();
            carrefour = CarrefourPlacement.off("internal failure: " + e);
            return;
        }
        for (CarrefourPlacement.Line l : lines) {
            IntervalRecord r = new IntervalRecord((System.nanoTime() - startNs) / 1_000_000, 0, state, "kernel-locality",
                    Double.NaN, Double.NaN, 0, Double.NaN, l.action(), "", migrations, l.reason(),
                    System.currentTimeMillis());
            if (csv != null) {
                csv.add(r);
            }
            if (!l.action().endsWith("collocate") && !l.action().endsWith("interleave")
                    || l.reason().startsWith("on: ") || l.reason().startsWith("off: ")) {
                log.accept(l.action() + ": " + l.reason());
            }
        }
    }

    private void openLog() {
        if (!csvOpened) {
            csvOpened = true;
            csv = settings.logFile().isEmpty() ? null : openLog(settings.logFile(), log);
        }
    }

    private void finish() {
        releaseLease();
        openLog(); // a run that ended within the start delay still gets its (empty) log and the summary saying so
        selfCpuNs = work == null ? 0 : java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        // measured=no: the run ended within the start delay, so nothing was measured and no thread was moved
        if (carrefour != null) {
            log.accept(carrefour.describe());
        }
        String summary = "intervals=" + intervals + " final_state=" + state + " start_delay_ms="
                + settings.startDelayMs() + " measured=" + (work == null ? "no" : "yes") + " migrations=" + migrations
                + " placement_changes=" + placementChanges + " pin_calls=" + (pinner == null ? 0 : pinner.pinCalls())
                + " work=" + (work == null ? "none" : work.workUnit())
                + " signal=" + signalUsed + " self_cpu_ms=" + selfCpuNs / 1_000_000 + " states=" + stateCounts.toString().replace(", ", ";")
                + (carrefour == null ? "" : " " + carrefour.summary())
                + (failure == null ? "" : " failure=" + failure.replace(',', ';'));
        try {
            if (csv != null) {
                csv.close(summary);
            }
        } catch (IOException e) {
            log.accept("cannot write " + settings.logFile() + ": " + e.getMessage());
        }
        if (carrefour != null) {
            // after the log is complete: stopping the sampler may take its final pass (seconds under emulation), and
            // at exit the hook waits for the log only so long
            carrefour.close();
        }
        try {
            if (work != null) {
                work.close();
            }
        } catch (RuntimeException ignored) {
            // closing counters at exit must not fail the application
        }
    }
}
