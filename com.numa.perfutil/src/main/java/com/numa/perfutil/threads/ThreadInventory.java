package com.numa.perfutil.threads;

import com.numa.core.log.NumaLog;

import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadRoleRules;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Maps every kernel thread (tid) of this JVM to its Java identity, so reports say {@code pool-1-thread-3} rather than
 * {@code tid 4711}.
 *
 * <p>Public surface:
 * <ul>
 * <li>{@link #liveThreads()}: every live tid with name, Java id, daemon flag and {@link ThreadRole};</li>
 * <li>{@link #identify(int)}: one tid;</li>
 * <li>{@link #registerMainThread(int)}: the agent calls it from premain (which runs on the main thread) with
 * {@code LinuxSyscalls.gettid()};</li>
 * <li>{@link #refresh()}: forces a new thread dump; {@link #unavailableReason()}: why names fall back to comm.</li>
 * </ul>
 *
 * <p>Source of truth: HotSpot has no public tid API, so the inventory reads the in-process thread dump of the
 * DiagnosticCommand MBean, whose header lines pair a Java thread ({@code #id}) with its tid ({@code nid=}). The dump
 * stops the world briefly, so it is taken only when a tid appears that the cache does not know; between dumps, names
 * and daemon flags are read live from the java.lang.Thread objects (held weakly), so {@code Thread.setName} shows up
 * without a new dump. Tids that the dump does not list (the launcher's primordial thread, native threads of
 * libraries) are JVM_INTERNAL with their kernel comm as name. Without the MBean (a non-HotSpot JVM), names come from
 * the kernel comm (the first 15 characters of the Java name at thread start), matched to Java threads where the match
 * is unique; a one-time message says so.
 *
 * <p>Thread-safe: all methods synchronize on the inventory.
 */
public final class ThreadInventory implements ThreadDirectory {

    /** What the inventory knows about one tid. {@code thread} is null for threads Java code cannot see. */
    private static final class Entry {
        final String name;
        final long javaId;
        final boolean daemon;
        final ThreadRoleRules.Kind kind;
        final WeakReference<Thread> thread;
        /** When a dump first missed this tid (clock ns), or {@link #LISTED} (the dump lists it, or no dump works). */
        final long unlistedSince;
        /** PySpark's py4j driver thread, which does the work of a main thread that only waits: counted as main. */
        final boolean standsForMain;

        Entry(String name, long javaId, boolean daemon, ThreadRoleRules.Kind kind, Thread thread) {
            this(name, javaId, daemon, kind, thread, LISTED);
        }

        Entry(String name, long javaId, boolean daemon, ThreadRoleRules.Kind kind, Thread thread, long unlistedSince) {
            this.name = name;
            this.javaId = javaId;
            this.daemon = daemon;
            this.kind = kind;
            this.thread = thread == null ? null : new WeakReference<>(thread);
            this.unlistedSince = unlistedSince;
            this.standsForMain = thread != null && kind == ThreadRoleRules.Kind.APPLICATION_CODE
                    && ThreadRoleRules.isPy4jDriver(thread);
        }
    }

    private static final long LISTED = Long.MIN_VALUE;

    /**
     * How long a tid the dump does not list stays undecided. It may be a Java thread caught while it starts: its
     * kernel thread exists before HotSpot adds it to the thread list the dump walks, and on a loaded machine the
     * starting thread can wait long for a CPU in between (CI at load 20 saw a worker missed by three dumps 50 ms apart
     * and labelled jvm-internal for good). Until then it is looked up again, at most every {@link #PENDING_DUMP_NS}.
     */
    static final long PENDING_NS = 3_000_000_000L;
    static final long PENDING_DUMP_NS = 200_000_000L;

    /**
     * This process: its tid-equal thread is the launcher's primordial one. In a holder, so that premain does not pay
     * for ProcessHandle (its class initializer builds the process reaper's executor: ~40 classes and two lambdas).
     */
    private static final class Pid {
        static final int VALUE = (int) ProcessHandle.current().pid();
    }

    private final ThreadDumpSource dumps;
    private final Consumer<String> notices;
    private final Map<Integer, Entry> known = new HashMap<>();
    /** Java id to tid, of the identities {@link #quickIdentity} gave to tids no dump has listed yet. */
    private final Map<Long, Integer> provisional = new HashMap<>();
    private int mainTid = -1;
    private long fallbackMainJavaId = -1;
    private String unavailableReason;
    private int refreshCount;
    private long lastRefreshNs;
    private final LongSupplier clock;
    private long lastDumpAt = LISTED;

    /** An inventory over this JVM's DiagnosticCommand thread dump; notices go to standard error. */
    public ThreadInventory() {
        this(new DiagnosticCommandDump(), NumaLog.stderr());
    }

    /**
     * As {@link #ThreadInventory()}, for the agent: with its Instrumentation the dump is taken without starting the
     * platform MBean server ({@link DirectDiagnosticCommandDump}, a few times cheaper at the first dump); where that
     * path is not offered, through the server as before.
     */
    public ThreadInventory(java.lang.instrument.Instrumentation inst) {
        this(inst == null ? new DiagnosticCommandDump() : new DirectDiagnosticCommandDump(inst), NumaLog.stderr());
    }

    ThreadInventory(ThreadDumpSource dumps, Consumer<String> notices) {
        this(dumps, notices, new LongSupplier() { // not a method reference: premain builds the agent's inventory
            @Override
            public long getAsLong() {
                return System.nanoTime();
            }
        });
    }

    ThreadInventory(ThreadDumpSource dumps, Consumer<String> notices, LongSupplier clock) {
        this.dumps = dumps;
        this.notices = notices;
        this.clock = clock;
    }

    /** Whether an undecided tid is due for another dump (see {@link #PENDING_NS}). */
    private boolean pendingDumpDue() {
        long now = clock.getAsLong();
        if (lastDumpAt != LISTED && now - lastDumpAt < PENDING_DUMP_NS) {
            return false;
        }
        return known.values().stream().anyMatch(e -> pending(e, now));
    }

    private static boolean pending(Entry e, long now) {
        return e.unlistedSince != LISTED && now - e.unlistedSince < PENDING_NS;
    }

    /** Marks {@code tid} as the application's main thread (premain runs on it). */
    public synchronized void registerMainThread(int tid) {
        if (tid <= 0) {
            throw new IllegalArgumentException("main thread tid must be positive, got " + tid
                    + " (pass LinuxSyscalls.gettid() called on the main thread)");
        }
        mainTid = tid;
    }

    @Override
    public synchronized List<ThreadIdentity> liveThreads() {
        List<Integer> tids = ProcTasks.tids();
        known.keySet().retainAll(new HashSet<>(tids));
        provisional.values().retainAll(new HashSet<>(tids));
        if (!known.keySet().containsAll(tids) || pendingDumpDue()) {
            refresh(tids);
        }
        reclassifyHidden();
        List<ThreadIdentity> out = new ArrayList<>(tids.size());
        for (int tid : tids) {
            Entry e = known.get(tid);
            if (e != null) {
                out.add(identity(tid, e));
            }
        }
        return out;
    }

    @Override
    public List<Integer> liveTids() {
        return ProcTasks.tids();
    }

    /**
     * Without a thread dump: the cached identity, else a live Java thread whose name the tid's kernel comm shows (its
     * first 15 characters) and that no other tid is known or provisionally taken to carry. Threads sharing a name are
     * told apart only by that bookkeeping, so two of them may swap Java ids until the next dump, never names or roles.
     * Null when no Java thread matches: a native thread, a hidden one, or a Java thread HotSpot has not named yet (a new
     * thread shows its parent's comm for a moment).
     */
    @Override
    public synchronized ThreadIdentity quickIdentity(int tid) {
        Entry e = known.get(tid);
        if (e != null) {
            return identity(tid, e);
        }
        String comm = ProcTasks.comm(tid);
        if (comm == null) {
            return null;
        }
        Set<Long> taken = new HashSet<>();
        known.values().forEach(k -> taken.add(k.javaId));
        provisional.forEach((id, other) -> {
            if (other != tid) {
                taken.add(id);
            }
        });
        for (Thread t : javaThreads().values()) {
            String name = t.getName();
            if (!taken.contains(javaId(t)) && comm.equals(name.length() > 15 ? name.substring(0, 15) : name)) {
                provisional.put(javaId(t), tid);
                return new ThreadIdentity(tid, name, javaId(t), t.isDaemon(),
                        ThreadRoleRules.classify(tid == mainTid || ThreadRoleRules.isPy4jDriver(t), name,
                                ThreadRoleRules.kindOf(t)));
            }
        }
        return null;
    }

    /** The identity of one tid of this JVM, or null when no such thread of this process is alive. */
    public synchronized ThreadIdentity identify(int tid) {
        Entry e = known.get(tid);
        if (e != null && !ProcTasks.alive(tid)) {
            known.remove(tid);
            return null;
        }
        if (e == null || (pending(e, clock.getAsLong()) && pendingDumpDue())) {
            if (!ProcTasks.alive(tid)) {
                return null;
            }
            refresh(ProcTasks.tids());
            e = known.get(tid);
        }
        if (e != null && e.kind == ThreadRoleRules.Kind.HIDDEN) {
            reclassifyHidden();
            e = known.get(tid);
        }
        return e == null ? null : identity(tid, e);
    }

    /** Takes a new thread dump now (e.g. to pick up renamed JVM-internal threads). */
    public synchronized void refresh() {
        List<Integer> tids = ProcTasks.tids();
        known.keySet().retainAll(new HashSet<>(tids));
        refresh(tids);
    }

    /** Why Java names are unavailable (names then come from the kernel comm), or null while the dump works. */
    public synchronized String unavailableReason() {
        return unavailableReason;
    }

    /** How many thread dumps this inventory has taken (each costs a brief safepoint). */
    synchronized int refreshCount() {
        return refreshCount;
    }

    /** Wall time of the last thread dump and its parsing, in nanoseconds. */
    synchronized long lastRefreshNs() {
        return lastRefreshNs;
    }

    private void refresh(List<Integer> tids) {
        long start = System.nanoTime();
        long now = clock.getAsLong();
        lastDumpAt = now;
        refreshCount++;
        Map<Long, Thread> javaThreads = javaThreads();
        chooseFallbackMain(javaThreads);
        Set<Integer> listed = new HashSet<>();
        if (unavailableReason == null) {
            try {
                Map<Long, Thread> afterDump = null;
                for (ThreadDumpParser.DumpedThread d : ThreadDumpParser.parse(dumps.threadPrint())) {
                    Thread t = d.javaId() < 0 ? null : javaThreads.get(d.javaId());
                    if (t == null && d.javaId() >= 0) {
                        // started between the snapshot and the dump: look again rather than call it hidden for good
                        if (afterDump == null) {
                            afterDump = javaThreads();
                        }
                        t = afterDump.get(d.javaId());
                    }
                    Entry seen = known.get(d.tid());
                    // the same thread, now leaving: Java code stops seeing it before the dump does; it keeps the kind
                    // it had (else a worker ending during a dump would be reported jvm-internal for good)
                    boolean leaving = t == null && seen != null && sameJavaThread(seen, d.javaId());
                    if (leaving && seen.thread != null) {
                        t = seen.thread.get();
                    }
                    ThreadRoleRules.Kind kind = leaving ? seen.kind : d.javaId() < 0 ? ThreadRoleRules.Kind.NATIVE
                            : t == null ? ThreadRoleRules.Kind.HIDDEN : ThreadRoleRules.kindOf(t);
                    known.put(d.tid(), new Entry(d.name(), d.javaId(), d.daemon(), kind, t));
                    listed.add(d.tid());
                }
            } catch (Exception | LinkageError e) {
                unavailableReason = "the DiagnosticCommand thread dump is unavailable (" + e
                        + "); thread names fall back to the kernel's 15-character comm names."
                        + " Run on a HotSpot JVM (OpenJDK 17+) to get Java thread names.";
                notices.accept(unavailableReason);
            }
        }
        Map<String, Thread> byComm = unavailableReason == null ? Map.of() : uniqueCommNames(javaThreads.values());
        for (int tid : tids) {
            Entry previous = known.get(tid);
            if (previous == null || (pending(previous, now) && !listed.contains(tid))) {
                Entry e = fromComm(tid, byComm);
                if (e != null) {
                    // the launcher's own thread (tid = pid) waits for the JVM and is never in a dump: decided at once,
                    // not looked up again by a dump every PENDING_DUMP_NS for PENDING_NS (15 safepoints per feature)
                    long since = unavailableReason != null || tid == Pid.VALUE ? LISTED
                            : previous == null ? now : previous.unlistedSince;
                    known.put(tid, new Entry(e.name, e.javaId, e.daemon, e.kind, e.thread == null ? null : e.thread.get(),
                            since));
                }
            }
        }
        lastRefreshNs = System.nanoTime() - start;
    }

    /**
     * A thread of the dump that neither Java snapshot of its refresh held is taken as hidden (compiler threads, Service
     * Thread). An application thread can land there too, when it starts or is being added to the thread list around
     * the dump (seen once on JDK 25); so hidden entries are looked up again, and the ones Java code can now see get
     * the role their thread group gives them. The snapshot is cheap (no safepoint, unlike the dump).
     */
    private void reclassifyHidden() {
        Map<Long, Thread> javaThreads = null;
        for (Map.Entry<Integer, Entry> k : known.entrySet()) {
            Entry e = k.getValue();
            if (e.kind != ThreadRoleRules.Kind.HIDDEN || e.javaId < 0) {
                continue;
            }
            if (javaThreads == null) {
                javaThreads = javaThreads();
            }
            Thread t = javaThreads.get(e.javaId);
            if (t != null) {
                k.setValue(new Entry(e.name, e.javaId, e.daemon, ThreadRoleRules.kindOf(t), t));
            }
        }
    }

    /** Whether a known entry is the Java thread of this id, already classified from its java.lang.Thread. */
    private static boolean sameJavaThread(Entry seen, long javaId) {
        return javaId >= 0 && seen.javaId == javaId && seen.unlistedSince == LISTED
                && (seen.kind == ThreadRoleRules.Kind.APPLICATION_CODE || seen.kind == ThreadRoleRules.Kind.JDK_SERVICE);
    }

    /** A tid the dump does not list: named by its comm, and tied to a Java thread only by a unique comm match. */
    private static Entry fromComm(int tid, Map<String, Thread> byComm) {
        String comm = ProcTasks.comm(tid);
        if (comm == null) {
            return null;
        }
        Thread t = byComm.get(comm);
        if (t == null) {
            return new Entry(comm, -1, true, ThreadRoleRules.Kind.NATIVE, null);
        }
        return new Entry(t.getName(), javaId(t), t.isDaemon(), ThreadRoleRules.kindOf(t), t);
    }

    private ThreadIdentity identity(int tid, Entry e) {
        Thread t = e.thread == null ? null : e.thread.get();
        String name = t != null ? t.getName() : e.name;
        boolean daemon = t != null ? t.isDaemon() : e.daemon;
        boolean main = (mainTid > 0 ? tid == mainTid : e.javaId >= 0 && e.javaId == fallbackMainJavaId) || e.standsForMain;
        return new ThreadIdentity(tid, name, e.javaId, daemon, ThreadRoleRules.classify(main, name, e.kind));
    }

    /** Without a registered tid: the first Java thread named "main" in the "main" group (id 1 on JDK 17, 3 on 25). */
    private void chooseFallbackMain(Map<Long, Thread> javaThreads) {
        if (fallbackMainJavaId >= 0) {
            return;
        }
        for (Map.Entry<Long, Thread> e : javaThreads.entrySet()) {
            Thread t = e.getValue();
            ThreadGroup g = t.getThreadGroup();
            if (t.getName().equals("main") && g != null && g.getName().equals("main")
                    && (fallbackMainJavaId < 0 || e.getKey() < fallbackMainJavaId)) {
                fallbackMainJavaId = e.getKey();
            }
        }
    }

    /** Every platform thread Java code can see, by Java id (cheap: no stack walk, unlike getAllStackTraces). */
    private static Map<Long, Thread> javaThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root != null && root.getParent() != null) {
            root = root.getParent();
        }
        Map<Long, Thread> out = new HashMap<>();
        if (root == null) {
            return out;
        }
        Thread[] buf;
        int n;
        do {
            buf = new Thread[root.activeCount() * 2 + 16];
            n = root.enumerate(buf, true);
        } while (n == buf.length);
        for (int i = 0; i < n; i++) {
            out.put(javaId(buf[i]), buf[i]);
        }
        return out;
    }

    /** Comm name (first 15 characters of the name) to Java thread, for names that identify one thread only. */
    private static Map<String, Thread> uniqueCommNames(Iterable<Thread> threads) {
        Map<String, Thread> out = new HashMap<>();
        Set<String> clashes = new HashSet<>();
        for (Thread t : threads) {
            String name = t.getName();
            String comm = name.length() > 15 ? name.substring(0, 15) : name;
            if (out.putIfAbsent(comm, t) != null) {
                clashes.add(comm);
            }
        }
        out.keySet().removeAll(clashes);
        return out;
    }

    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same number on 17
    private static long javaId(Thread t) {
        return t.getId();
    }
}
