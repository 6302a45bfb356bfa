package com.numa.speedup.clock;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * The in-JVM half of a {@code numa speedup-stack} measured run: how much CPU time each Java thread used, and the main
 * thread's CPU time from premain to exit (the paper's MainThread execution time, Section IV).
 *
 * <p>Why a poll: a thread's CPU time can be read only while it lives (ThreadMXBean answers -1 afterwards), and nothing
 * but bytecode instrumentation or a native JVMTI agent runs code at thread end. The CPU time ThreadMXBean gives is the
 * thread's total since it started, so a worker misses at most the CPU it used after its last read (one interval);
 * a perf counter opened when a sampler first sees a thread misses the start instead, and finding new threads needs a
 * thread dump each time. One bulk read of every thread costs a few microseconds, so the default 10 ms interval costs a
 * fraction of a percent of one CPU; the table is written once, at exit.
 *
 * <p>This class is the whole agent jar that speedup-stack writes for its child JVMs ({@code ThreadClockJar}): it may use
 * JDK classes only, and no nested classes. Any failure turns the clock off with one line on stderr; the application
 * runs on.
 *
 * <p>Agent argument: {@code <interval ms>:<output CSV path>}. Output ({@code thread_id,role,cpu_ns}): one row per Java
 * thread seen ({@code role} = {@code thread}, {@code cpu_ns} its CPU time at the last read), and one {@code main} row:
 * the main kernel thread's CPU time from premain to exit (after main returns, HotSpot attaches the same kernel thread
 * again as {@code DestroyJavaVM}; its CPU clock keeps counting). JFR's own start-up runs on that thread before premain
 * and so is not in it.
 */
public final class ThreadClockAgent {
    /** The name of the polling thread (speedup-stack's JFR reader skips threads named NUMA-...). */
    public static final String THREAD_NAME = "NUMA-ThreadClock";
    static final String HEADER = "thread_id,role,cpu_ns";

    private final ThreadMXBean threads;
    private final com.sun.management.ThreadMXBean bulk;
    private final long intervalMs;
    private final Path output;
    private final Thread main;
    private final long mainCpuAtStartNs;
    /** CPU time at the last read, by Java thread id. Guarded by this. */
    private final Map<Long, Long> cpuNs = new TreeMap<>();
    private boolean finished;

    private ThreadClockAgent(ThreadMXBean threads, long intervalMs, Path output) {
        this.threads = threads;
        this.bulk = threads instanceof com.sun.management.ThreadMXBean b ? b : null;
        this.intervalMs = intervalMs;
        this.output = output;
        this.main = Thread.currentThread();
        this.mainCpuAtStartNs = threads.getCurrentThreadCpuTime();
    }

    public static void premain(String args, Instrumentation instrumentation) {
        premain(args);
    }

    public static void premain(String args) {
        try {
            int colon = args == null ? -1 : args.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("agent argument '" + args + "' is not <interval ms>:<output csv>");
            }
            long interval = Long.parseLong(args.substring(0, colon));
            if (interval < 1) {
                throw new IllegalArgumentException("interval " + interval + " ms is not positive");
            }
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            if (!mx.isThreadCpuTimeSupported()) {
                throw new IllegalStateException("this JVM cannot tell a thread's CPU time");
            }
            if (!mx.isThreadCpuTimeEnabled()) {
                mx.setThreadCpuTimeEnabled(true);
            }
            ThreadClockAgent clock = new ThreadClockAgent(mx, interval, Path.of(args.substring(colon + 1)));
            Thread poller = new Thread(clock::pollUntilInterrupted, THREAD_NAME);
            poller.setDaemon(true);
            Runtime.getRuntime().addShutdownHook(new Thread(clock::finish, THREAD_NAME + "-Exit"));
            poller.start();
        } catch (RuntimeException | Error e) {
            off(e);
        }
    }

    private static void off(Throwable e) {
        System.err.println("numa: speedup-stack thread clock is off, the application runs on: " + e);
    }

    private void pollUntilInterrupted() {
        try {
            while (true) {
                Thread.sleep(intervalMs);
                if (!read()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            off(e);
        }
    }

    /** One bulk read of every live thread's CPU time; false once the exit reading is done. */
    private boolean read() {
        long[] ids = threads.getAllThreadIds();
        long[] cpu;
        if (bulk != null) {
            cpu = bulk.getThreadCpuTime(ids);
        } else {
            cpu = new long[ids.length];
            for (int i = 0; i < ids.length; i++) {
                cpu[i] = threads.getThreadCpuTime(ids[i]);
            }
        }
        synchronized (this) {
            if (finished) {
                return false;
            }
            for (int i = 0; i < ids.length; i++) {
                if (cpu[i] >= 0) {
                    cpuNs.put(ids[i], cpu[i]);
                }
            }
        }
        return true;
    }

    /** The exit reading (a shutdown hook): every thread once more, the main kernel thread, and the table. */
    private void finish() {
        try {
            read();
            long mainNs = mainKernelThreadCpuNs();
            StringBuilder csv = new StringBuilder(HEADER).append('\n');
            synchronized (this) {
                finished = true;
                cpuNs.forEach((id, ns) -> {
                    if (id != main.getId()) {
                        csv.append(id).append(",thread,").append(ns).append('\n');
                    }
                });
            }
            csv.append(main.getId()).append(",main,").append(mainNs < 0 ? -1 : mainNs - mainCpuAtStartNs).append('\n');
            Path tmp = output.resolveSibling(output.getFileName() + ".tmp");
            Files.writeString(tmp, csv, StandardCharsets.UTF_8);
            Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException | Error e) {
            off(e);
        }
    }

    /**
     * The CPU time of the kernel thread that ran main: the main thread's own while it lives (System.exit from main),
     * else DestroyJavaVM's, the same kernel thread attached again once main returned; -1 when neither is found.
     */
    private long mainKernelThreadCpuNs() {
        if (main.isAlive()) {
            long ns = threads.getThreadCpuTime(main.getId());
            if (ns >= 0) {
                return ns;
            }
        }
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && "DestroyJavaVM".equals(info.getThreadName())) {
                return threads.getThreadCpuTime(info.getThreadId());
            }
        }
        return -1;
    }
}
