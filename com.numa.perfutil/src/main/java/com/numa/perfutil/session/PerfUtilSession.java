package com.numa.perfutil.session;

import com.numa.core.feature.FeatureContext;
import com.numa.core.io.OutputPaths;
import com.numa.core.provenance.CompletionMarker;
import com.numa.core.log.NumaLog;
import com.numa.core.threads.MainClass;
import com.numa.core.window.MeasurementWindow;
import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.counters.CoreSampler;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.core.flags.FlagValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * -XX:+PerfUtil inside the application's JVM: a daemon thread ({@value #THREAD_NAME}) reads every counter each
 * -XX:PerfUtilInterval and rewrites the CSV ({@link PerfUtilCsv}); a shutdown hook takes the final reading, writes the
 * CSV once more and prints {@link PerfUtilSummary} to stderr. Between readings a {@link ThreadWatch} opens counters
 * on threads as they start and reads the final counts of threads as they end, so that short-lived threads have rows;
 * {@link ThreadCoverage} states how many threads were not measured. Any failure is reported once and PerfUtil turns
 * off (counters closed); the application runs on.
 */
final class PerfUtilSession {
    static final String THREAD_NAME = "NUMA-PerfUtil-Sampler";

    private final ThreadSampler threads;
    private final CoreSampler cores;
    private final List<String> events;
    private final Path output;
    private final long intervalMs;
    private final NumaLog log;
    private final long threadWatchMs;
    private final ThreadCoverage coverage;
    private final PerfUtilReadings readings = new PerfUtilReadings();
    private final PerfUtilWindow window = new PerfUtilWindow();
    /** Readings at the edges of the measured iterations, when the application marks them. */
    private final MeasurementWindow.Listener windowEdges = new MeasurementWindow.Listener() {
        @Override
        public void iterationStarted(boolean warmup) {
            if (!warmup) {
                edge(true);
            }
        }

        @Override
        public void iterationEnded(boolean warmup) {
            if (!warmup) {
                edge(false);
            }
        }
    };
    private boolean off;
    private boolean finished;

    /** Either sampler may be null (that scope is not counted), not both. */
    PerfUtilSession(ThreadSampler threads, CoreSampler cores, List<String> events, Path output, long intervalMs, NumaLog log) {
        this(threads, cores, events, output, intervalMs, log, 0, null);
    }

    /** With a thread watch every {@code threadWatchMs} (0: none) and the coverage evidence (null: none). */
    PerfUtilSession(ThreadSampler threads, CoreSampler cores, List<String> events, Path output, long intervalMs, NumaLog log,
            long threadWatchMs, ThreadCoverage coverage) {
        if (threads == null && cores == null) {
            throw new IllegalArgumentException("PerfUtil needs a thread or a core sampler");
        }
        this.threads = threads;
        this.cores = cores;
        this.events = List.copyOf(events);
        this.output = output;
        this.intervalMs = intervalMs;
        this.log = log;
        this.threadWatchMs = threadWatchMs;
        this.coverage = threads == null ? null : coverage;
    }

    /** -XX:PerfUtilEvents as given; without it, the study's events this machine counts (PerfUtil.defaultEvents). */
    static List<String> requestedEvents(FlagValues flags) {
        if (flags.isSet(PerfUtilFlags.EVENTS) || flags.get(PerfUtilFlags.BACKEND) != PerfUtilFlags.Backend.PERF) {
            return flags.get(PerfUtilFlags.EVENTS);
        }
        try {
            return PerfUtil.defaultEvents();
        } catch (RuntimeException | LinkageError e) {
            return flags.get(PerfUtilFlags.EVENTS); // no perf_event_open here: the software defaults, reported as usual
        }
    }

    /** Opens the counters the flags ask for and starts sampling; reports and returns when nothing can be counted. */
    static void start(FeatureContext context) {
        FlagValues flags = context.flags();
        NumaLog log = context.log();
        if (flags.get(PerfUtilFlags.KERNEL_LOCALITY)) {
            KernelLocalityRecorder.start(Path.of(OutputPaths.expand(flags.get(PerfUtilFlags.OUTPUT))),
                    flags.get(PerfUtilFlags.LOCALITY_SOURCE) == PerfUtilFlags.LocalitySource.HINTING_PROBE,
                    flags.get(PerfUtilFlags.LOCALITY_SITES), context.instrumentation(), log);
        }
        List<String> events = requestedEvents(flags);
        if (events.isEmpty()) {
            log.once("PerfUtil", "PerfUtil: " + "-XX:PerfUtilEvents is empty; name at least one event (e.g. task-clock); PerfUtil is off");
            return;
        }
        PerfUtilFlags.Scope scope = flags.get(PerfUtilFlags.SCOPE);
        PerfUtilFlags.Backend backend = flags.get(PerfUtilFlags.BACKEND);
        ThreadSampler threadSampler = null;
        CoreSampler coreSampler = null;
        if (scope.threads()) {
            try {
                threadSampler = PerfUtilSources.threadSampler(events, backend, context.threads(), log);
            } catch (RuntimeException e) {
                log.once("PerfUtil thread scope", "PerfUtil thread scope: " + e.getMessage() + "; per-thread counting is off");
            }
        }
        if (scope.cores()) {
            if (context.topology() == null) {
                log.once("PerfUtil core scope", "PerfUtil core scope: " + "no NUMA topology (see above); per-core counting is off");
            } else {
                try {
                    coreSampler = PerfUtilSources.coreSampler(events, backend, context.topology(), log);
                } catch (RuntimeException e) {
                    log.once("PerfUtil core scope", "PerfUtil core scope: " + e.getMessage() + "; per-core counting is off");
                }
            }
        }
        if (threadSampler == null && coreSampler == null) {
            return;
        }
        new PerfUtilSession(threadSampler, coreSampler, events, Path.of(OutputPaths.expand(flags.get(PerfUtilFlags.OUTPUT))),
                flags.get(PerfUtilFlags.INTERVAL), log, flags.get(PerfUtilFlags.THREAD_WATCH), thisJvmCoverage()).begin();
    }

    /** Started threads from ThreadMXBean, the process's CPU time from the kernel. */
    private static ThreadCoverage thisJvmCoverage() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        // classes, not lambdas: premain builds this (see CoreFlags.METHOD_NAME)
        return new ThreadCoverage(new ThreadCoverage.JavaThreads() {
            @Override
            public long totalStarted() {
                return mx.getTotalStartedThreadCount();
            }

            @Override
            public int liveCount() {
                return mx.getThreadCount();
            }

            @Override
            public long[] liveIds() {
                return mx.getAllThreadIds();
            }

            @Override
            public boolean visible(long id) {
                // not getThreadInfo: it answers for hidden threads too; getAllThreadIds lists what Java code sees
                for (long live : mx.getAllThreadIds()) {
                    if (live == id) {
                        return true;
                    }
                }
                return false;
            }
        }, new LongSupplier() {
            @Override
            public long getAsLong() {
                return LinuxSyscalls.processCpuNs();
            }
        });
    }

    /**
     * Takes the first reading here, in premain, before the application's main method runs: that opens counters on
     * the main thread from its start and warms the thread inventory (its first thread dump is slow), so that threads
     * the application starts soon after are picked up within one interval. Then starts the sampler thread and
     * registers the exit reading.
     */
    void begin() {
        if (coverage != null) {
            coverage.start();
        }
        CompletionMarker.clear(output); // an earlier run's: this run's file is not whole until its exit
        if (!round()) {
            return;
        }
        listenToIterations();
        Thread sampler = new Thread(this::loop, THREAD_NAME);
        sampler.setDaemon(true);
        Runtime.getRuntime().addShutdownHook(new Thread(this::finish, "NUMA-PerfUtil-Exit"));
        sampler.start();
        if (threads != null && threadWatchMs > 0 && coverage != null) {
            // a class, not a method reference: this runs in premain (see CoreFlags.METHOD_NAME)
            new ThreadWatch(threadWatchMs, coverage.jvm(), new java.util.function.IntSupplier() {
                @Override
                public int getAsInt() {
                    return track();
                }
            }).start();
        }
    }

    /**
     * Counters opened on threads that started, final readings of threads that ended; returns how many live threads
     * are still waiting for counters ({@link ThreadSampler.Tracking}), or -1 once PerfUtil is off.
     */
    synchronized int track() {
        if (off) {
            return -1;
        }
        try {
            ThreadSampler.Tracking t = threads.track();
            readings.addThreads(t.ended());
            if (coverage != null) {
                coverage.observe(t.ended());
            }
            return t.waiting();
        } catch (RuntimeException e) {
            turnOff("cannot follow threads as they start and end: " + e);
            return -1;
        }
    }

    private void loop() {
        while (true) {
            try {
                Thread.sleep(intervalMs);
            } catch (InterruptedException e) {
                return;
            }
            if (!round()) {
                return;
            }
        }
    }

    /** From now on, the measured iterations the application marks get window rows (removed at exit). */
    void listenToIterations() {
        MeasurementWindow.addListener(windowEdges);
    }

    /**
     * A reading at a window edge, on the application's thread that marks the iteration: the CSV is left to the
     * sampler, so that the thread's own window holds no more of PerfUtil's work than the reading.
     */
    private synchronized void edge(boolean start) {
        if (start && window.opened() || !read(false)) {
            return;
        }
        if (start) {
            window.open(readings.samples());
        } else {
            window.close(readings.samples());
        }
    }

    /** One reading of every counter and a rewrite of the CSV; false once PerfUtil is off. */
    synchronized boolean round() {
        return read(true);
    }

    /** One reading of every counter, and a rewrite of the CSV if asked; false once PerfUtil is off. */
    private boolean read(boolean writeCsv) {
        if (off) {
            return false;
        }
        try {
            if (threads != null) {
                List<ThreadSample> samples = threads.sample();
                readings.addThreads(samples);
                if (coverage != null) {
                    coverage.observe(samples);
                }
            }
            if (cores != null) {
                readings.addCores(cores.sample());
            }
            if (writeCsv && MainClass.loaded()) {
                // before the application's main class is loaded a failed launch must not replace the last run's file
                List<ThreadReading> rows = readings.threads();
                PerfUtilCsv.write(output, rows, readings.cores(), window.threads(),
                        coverage == null ? null : coverage.evidence(rows));
            }
            return true;
        } catch (IOException | RuntimeException e) {
            turnOff("cannot sample or write " + output.toAbsolutePath() + ": " + e);
            return false;
        }
    }

    /** The exit reading: last sample, last CSV, the summary on stderr, counters closed. Runs once. */
    synchronized void finish() {
        if (finished) {
            return;
        }
        finished = true;
        MeasurementWindow.removeListener(windowEdges);
        try {
            if (!round()) {
                return; // already reported
            }
            if (threads != null && threadWatchMs > 0) {
                // the other shutdown hooks run beside this one, each on a thread of its own (the JDK's Logging-Cleaner
                // among them): the reading above opened their counters, this one holds their final counts
                awaitOtherHooks();
                if (!round()) {
                    return;
                }
            }
            if (!MainClass.loaded()) {
                log.accept("PerfUtil: the application did not start (its main class was not loaded); "
                        + output.toAbsolutePath() + " is not written");
            } else {
                if (threads != null) {
                    List<ThreadReading> rows = readings.threads();
                    log.block(PerfUtilSummary.format(rows, events, output.toAbsolutePath().toString())
                            + (coverage == null ? "" : PerfUtilSummary.coverage(coverage.evidence(rows))));
                }
                if (cores != null) {
                    log.accept("PerfUtil counted " + readings.cores().size() + " CPU(s); core rows are in " + output.toAbsolutePath());
                }
                CompletionMarker.write(output, "PerfUtil");
            }
        } catch (IOException e) {
            log.once("PerfUtil", "PerfUtil: cannot mark " + output.toAbsolutePath() + " complete: " + e);
        } catch (RuntimeException e) {
            log.once("PerfUtil", "PerfUtil: " + "exit summary failed: " + e);
        } finally {
            close();
        }
    }

    /** How long the exit reading waits for the other shutdown hooks, at most. */
    static final long HOOKS_WAIT_MS = 50;

    /** Waits up to {@link #HOOKS_WAIT_MS} for the other live non-daemon threads (at exit: the other hooks) to end. */
    private static void awaitOtherHooks() {
        long deadline = System.nanoTime() + HOOKS_WAIT_MS * 1_000_000L;
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 16];
        int n = root.enumerate(all, true);
        for (int i = 0; i < n; i++) {
            Thread t = all[i];
            long leftMs = (deadline - System.nanoTime()) / 1_000_000L;
            if (leftMs <= 0) {
                return;
            }
            if (t != Thread.currentThread() && !t.isDaemon() && !t.getName().equals("DestroyJavaVM")) {
                try {
                    t.join(leftMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void turnOff(String why) {
        log.once("PerfUtil", "PerfUtil: " + why + "; PerfUtil is off, the application runs on");
        close();
    }

    private void close() {
        off = true;
        try {
            if (threads != null) {
                threads.close();
            }
        } catch (RuntimeException ignored) {
            // closing is best effort: the process is ending or PerfUtil already failed
        }
        try {
            if (cores != null) {
                cores.close();
            }
        } catch (RuntimeException ignored) {
            // as above
        }
    }
}
