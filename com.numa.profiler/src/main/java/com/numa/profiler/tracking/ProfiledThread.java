package com.numa.profiler.tracking;

import com.numa.core.threads.MainThread;
import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadRoleRules;
import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * Per-thread profiler state: the compact thread key, the cached node, the re-entrancy flag and
 * all counters (only this thread writes them, so no atomics; the reporter reads them racily).
 */
public final class ProfiledThread {
    public final int key;
    public final String name;
    public final long javaId;
    public final boolean daemon;
    /** A virtual thread: its tid is a carrier's, and it may run on others (threads.csv's {@code virtual}). */
    public final boolean virtual;
    final ThreadRoleRules.Kind kind;
    public volatile int tid = -1;
    /** The thread itself, weakly (null for UNPROFILED): whether it ended is read from it. */
    private final WeakReference<Thread> thread;
    /** Set once the thread has ended and its caches were released ({@link #releaseCachesIfEnded}). */
    volatile boolean ended;

    /** Set while a hook runs on this thread: accesses made by the profiler itself are not profiled. */
    boolean busy;
    boolean initialized;
    /** The class whose header word this thread reached last, and where (see HeaderWordAccess). */
    Class<?> wordClass;
    long wordOffset;
    /**
     * Direct-mapped by the class's identity hash: the facts of the classes this thread allocated or whose header word it
     * looked up (code that goes back and forth between types finds them here instead of in the runtime's ClassValue).
     * Facts are weak, so that a thread (alive or ended: its state stays in the inventory) keeps no class from unloading.
     */
    static final int CLASS_CACHE = 1024;
    /** Null once the thread ended (see {@link #releaseCachesIfEnded}), as is {@link #entries}. */
    ClassFacts[] classFacts = new ClassFacts[CLASS_CACHE];

    /** The facts of class {@code c}: the cached ones, or the runtime's ({@code shared}), then cached in their slot. */
    ClassFacts facts(Class<?> c, ClassValue<ClassFacts> shared) {
        int i = System.identityHashCode(c) & (CLASS_CACHE - 1);
        ClassFacts f = classFacts[i];
        if (f == null || !f.refersTo(c)) {
            f = shared.get(c);
            classFacts[i] = f;
        }
        return f;
    }

    /** Direct-mapped by the object's identity hash: side-table entries this thread used (weak: they keep nothing). */
    static final int ENTRY_CACHE = 256;
    SideTable.Entry[] entries = new SideTable.Entry[ENTRY_CACHE];
    /** The class this thread allocated last, and its instances' size (see ObjectSizes). */
    Class<?> sizeClass;
    long size;
    /** Whether instances of sizeClass need a side-table entry when they have no header word (see FieldReach)... */
    boolean sizeTracked;
    /** ...as of this FieldReach.version. */
    int sizeReachVersion;
    /** Profiled reads so far, for tallying one read in OwnerWords.READ_TALLY into the object's word. */
    int readTally;
    /** The side-table entries this thread used last (weak, so they keep nothing alive). */
    SideTable.Entry lastEntry;
    SideTable.Entry previousEntry;
    /** Sampled mode: tags of arrays this thread allocated that no sampled access has met yet (made on first use). */
    DeferredTags deferredTags;
    public int node = -1;
    int nodeCountdown;
    /** Objects this thread allocated under -XX:NUMAProfilerTrace (the counter part of their trace ids). */
    public long traceObjects;
    /** Trace only: stores into objects whose allocation is not recorded yet (constructors), see PendingStores. */
    public PendingStores tracePending;

    /**
     * Counted accesses, one cell per kind of access (see AccessCells); only this thread writes them. The access
     * counters below ({@code reads} to {@code byOwner}, and the sites' access counts) are derived from them by the
     * reporter ({@link AccessCells#fold}); the allocation counters are this thread's own.
     */
    long[] cells = AccessCells.empty();
    int cellCount;
    /** The cell this thread added to last, and its slot in {@code cells} (key 0: none). */
    long lastCellKey;
    int lastCell;

    /**
     * Sampled mode: which allocations are counted, one in N at a random place in each block of N (see Hooks#seed); the
     * others are tagged but not counted.
     */
    final int[] allocationSampler = new int[com.numa.profiler.rt.Hooks.SAMPLER_INTS];
    public long objectAllocations;
    public long objectBytes;
    public long arrayAllocations;
    public long arrayBytes;
    public long reads;
    public long writes;
    public long sharedReads;
    public long sharedWrites;
    public long unknownOwnerReads;
    public long unknownOwnerWrites;
    public long predictedRemote;
    public long sideTableAccesses;
    /** Accesses by this thread per owner thread key (0 = unknown owner). */
    public OwnerCounts byOwner = OwnerCounts.NONE;
    public SiteCounters[] sites = new SiteCounters[64];

    /**
     * Stands for a thread whose accesses are not profiled: one whose state is being created (a hook reached meanwhile
     * finds it busy) and the profiler's own threads.
     */
    static final ProfiledThread UNPROFILED = new ProfiledThread(0, null, "", ThreadIds.UNKNOWN, true,
            ThreadRoleRules.Kind.JDK_SERVICE, false);

    static {
        UNPROFILED.busy = true;
    }

    /** {@code javaId}: read from Thread's own field ({@link ThreadIds}); Thread's other getters used here are final. */
    public ProfiledThread(int key, Thread t, long javaId) {
        this(key, new WeakReference<>(t), t.getName(), javaId, t.isDaemon(), ThreadRoleRules.kindOf(t),
                ThreadRoleRules.isVirtual(t));
    }

    private ProfiledThread(int key, WeakReference<Thread> thread, String name, long javaId, boolean daemon,
            ThreadRoleRules.Kind kind, boolean virtual) {
        this.key = key;
        this.thread = thread;
        this.name = name;
        this.javaId = javaId;
        this.daemon = daemon;
        this.virtual = virtual;
        this.kind = kind;
        // The tool's own threads (PerfUtil's sampler, the Awareness Thread, JNA's cleaner) are not the application:
        // a thread that is busy for good has every hook turned away, so nothing is counted for it.
        this.busy = ThreadRoleRules.isTool(name);
        if (busy) {
            tid = kernelTid(); // the runtime, which reads it for the others, never sees this thread
        }
    }

    /** The calling thread's tid; -1 when it cannot be read (the runtime reports that once for profiled threads). */
    private static int kernelTid() {
        try {
            return com.numa.perfutil.linux.LinuxSyscalls.gettid();
        } catch (Throwable e) {
            return -1;
        }
    }

    /**
     * The role by the one rule every feature uses ({@link ThreadRoleRules}): main is the agent's registered main tid
     * (so DestroyJavaVM, on the same tid, is main too), else the thread named "main" that runs application code.
     */
    public ThreadRole role() {
        int main = MainThread.tid();
        boolean isMain = main > 0 ? tid == main : "main".equals(name) && kind == ThreadRoleRules.Kind.APPLICATION_CODE;
        return ThreadRoleRules.classify(isMain, name, kind);
    }

    /**
     * Once the thread has ended, drops what only its own hooks use (the class and entry caches, ~5 KB of the ~6.5 KB a
     * state holds; in sampled mode its deferred tags too, 4 KB and up, which the runtime stops searching once the thread
     * has ended) and keeps the counters the reports read: the inventory keeps every thread's state, and a program that
     * starts thread after thread would otherwise keep the caches of all of them. Safe from another thread: an ended
     * thread runs no hook again. Returns whether it released them now.
     */
    boolean releaseCachesIfEnded() {
        Thread t = thread == null ? null : thread.get();
        if (ended || thread == null || t != null && t.isAlive()) {
            return false;
        }
        classFacts = null;
        entries = null;
        lastEntry = null;
        previousEntry = null;
        wordClass = null;
        sizeClass = null;
        deferredTags = null;
        ended = true;
        return true;
    }

    public SiteCounters site(int id) {
        SiteCounters[] s = sites;
        if (id >= s.length) {
            s = sites = Arrays.copyOf(s, Math.max(id + 1, s.length * 2));
        }
        SiteCounters c = s[id];
        if (c == null) {
            c = new SiteCounters();
            s[id] = c;
        }
        return c;
    }

    public long accesses() {
        return reads + writes;
    }
}
