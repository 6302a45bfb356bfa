package com.numa.perfutil.counters;

import com.numa.core.log.NumaLog;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Per-thread counters through perf_event_open (pid = tid, cpu = -1): every {@link #sample()} opens the planned groups
 * for threads the directory lists for the first time, reads every group once, and gives threads that left the
 * directory a final reading (ended = true), kept in {@link #endedThreads()}, before closing their fds; {@link #track()}
 * does the opening and the final readings only, for a caller that watches for short-lived threads between samples.
 * Each sample says when its thread's counters opened and the CPU time the thread had run before. A thread that
 * ends before its counters open is skipped silently. Not thread-safe beyond its own lock: one sampling thread.
 */
public final class PerfThreadSampler implements ThreadSampler {
    /** The event names of each group, as opened on every thread: which values share one enabled/running time. */
    public List<List<String>> groups() {
        return plan.stream().map(g -> g.stream().map(EventSpec::name).toList()).toList();
    }

    /** Final samples of ended threads kept for {@link #endedThreads()}; the oldest go first beyond this. */
    public static final int ENDED_RETAINED = 10_000;

    private static final class Tracked {
        ThreadIdentity identity;
        final CounterGroups groups;
        /** When the counters were opened, and the CPU time the thread had run before (see ThreadSample). */
        final long countedFromNs;
        final long cpuBeforeNs;
        /** Opened under a quick identity that no thread dump has confirmed yet (its Java id may be a namesake's). */
        boolean provisional;
        long pass;

        Tracked(ThreadIdentity identity, CounterGroups groups, long countedFromNs, long cpuBeforeNs) {
            this.identity = identity;
            this.groups = groups;
            this.countedFromNs = countedFromNs;
            this.cpuBeforeNs = cpuBeforeNs;
        }

        ThreadSample sample(long ts, boolean ended) {
            return new ThreadSample(identity, ts, groups.read(), ended, countedFromNs, cpuBeforeNs);
        }
    }

    private final List<EventSpec> events;
    private final List<String> names;
    private final List<List<EventSpec>> plan;
    private final ThreadDirectory directory;
    private final NumaLog problems;
    private final Map<Integer, Tracked> tracked = new LinkedHashMap<>(); // samples in first-seen order
    private final Set<Integer> unopenable = new HashSet<>();
    /** Per tid, how many looks of {@link #track()} found no quick identity for it (see {@link #QUICK_LOOKS}). */
    private final Map<Integer, Integer> quickMisses = new java.util.HashMap<>();
    /**
     * Looks after which a tid without a quick identity no longer counts as waiting: HotSpot names a Java thread within
     * moments of its start, so one still unnamed is a native or hidden thread, left to {@link #sample()}.
     */
    static final int QUICK_LOOKS = 5;
    private final ArrayDeque<ThreadSample> ended = new ArrayDeque<>();
    private long pass;
    private boolean closed;

    /** {@code plan} groups {@code events} (see {@link GroupPlanner}); both come from the facade after probing. */
    public PerfThreadSampler(List<EventSpec> events, List<List<EventSpec>> plan, ThreadDirectory directory,
            Consumer<String> log) {
        this.events = List.copyOf(events);
        this.names = this.events.stream().map(EventSpec::name).toList();
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("an event is requested twice: " + names);
        }
        this.plan = List.copyOf(plan);
        this.directory = directory;
        this.problems = new NumaLog(log);
    }

    @Override
    public List<String> events() {
        return names;
    }

    @Override
    public synchronized List<ThreadSample> sample() {
        List<ThreadSample> out = new ArrayList<>(tracked.size() + 8);
        long now = discover(out);
        long ts = System.nanoTime();
        Iterator<Tracked> it = tracked.values().iterator();
        while (it.hasNext()) {
            Tracked tr = it.next();
            if (tr.pass == now) {
                try {
                    out.add(tr.sample(ts, false));
                } catch (RuntimeException e) {
                    report("per-thread counters: reading thread " + tr.identity.tid() + " failed, its counters are"
                            + " closed: " + e.getMessage(), -1);
                    closeQuietly(tr);
                    it.remove();
                }
            } else {
                finish(tr, out);
                it.remove();
            }
        }
        return out;
    }

    /**
     * Opens counters on threads new to the directory and gives those that left it their final reading (a perf fd
     * stays readable after its thread exits: the read returns the final count), without reading the live ones.
     */
    @Override
    public synchronized Tracking track() {
        if (closed) {
            throw new IllegalStateException("per-thread sampler is closed");
        }
        List<ThreadSample> out = new ArrayList<>();
        long now = ++pass;
        int waiting = 0;
        List<Integer> tids = directory.liveTids();
        quickMisses.keySet().retainAll(new HashSet<>(tids));
        // no thread dump here (it stops the JVM and can outlast a short thread): quick identities only; a thread that
        // has none yet (not named yet, or native) is left to the next look or to sample()
        for (int tid : tids) {
            Tracked tr = tracked.get(tid);
            if (tr == null) {
                tr = openProvisional(tid);
            }
            if (tr != null) {
                tr.pass = now;
            } else if (!unopenable.contains(tid) && quickMisses.merge(tid, 1, Integer::sum) <= QUICK_LOOKS) {
                waiting++;
            }
        }
        Iterator<Tracked> it = tracked.values().iterator();
        while (it.hasNext()) {
            Tracked tr = it.next();
            if (tr.pass != now) {
                finish(tr, out);
                it.remove();
            }
        }
        return new Tracking(out, waiting);
    }

    /**
     * One pass over the directory: opens counters on new threads, finishes threads whose tid the kernel reused, and
     * marks every live tracked thread with the pass number it returns.
     */
    private long discover(List<ThreadSample> out) {
        if (closed) {
            throw new IllegalStateException("per-thread sampler is closed");
        }
        long now = ++pass;
        // counters open first, identities follow: the thread dump that names new threads can outlast a short one
        for (int tid : directory.liveTids()) {
            if (!tracked.containsKey(tid)) {
                openProvisional(tid);
            }
        }
        List<ThreadIdentity> live = directory.liveThreads();
        for (ThreadIdentity t : live) {
            Tracked tr = tracked.get(t.tid());
            if (tr != null && tr.provisional) {
                if (t.javaId() < 0 && tr.identity.javaId() >= 0) {
                    tr.pass = now; // the dump has not listed this new Java thread yet: its quick identity stays
                    continue;
                }
                tr.provisional = false; // the dump's identity replaces the quick one
            } else if (tr != null && tr.identity.javaId() >= 0 && t.javaId() >= 0 && tr.identity.javaId() != t.javaId()
                    && !reattachedMain(tr.identity, t)) {
                // The kernel reused the tid for a new thread: the old one ended.
                finish(tr, out);
                tracked.remove(t.tid());
                tr = null;
            }
            if (tr == null) {
                tr = open(t);
                if (tr == null) {
                    continue;
                }
            }
            tr.identity = t; // a Java thread may have been renamed since
            tr.pass = now;
        }
        if (unopenable.size() > live.size()) {
            Set<Integer> liveTids = new HashSet<>();
            live.forEach(t -> liveTids.add(t.tid()));
            unopenable.retainAll(liveTids);
        }
        return now;
    }

    /**
     * At exit HotSpot attaches the main thread's kernel thread again as a new Java thread (DestroyJavaVM): the same
     * task, so its counters go on rather than end (the main tid is never reused while the process lives).
     */
    private static boolean reattachedMain(ThreadIdentity before, ThreadIdentity now) {
        return before.role() == ThreadRole.MAIN && now.role() == ThreadRole.MAIN;
    }

    /** Final samples of threads that ended while this sampler ran, oldest first (at most {@link #ENDED_RETAINED}). */
    public synchronized List<ThreadSample> endedThreads() {
        return List.copyOf(ended);
    }

    /** How many threads currently have open counters. */
    public synchronized int trackedThreads() {
        return tracked.size();
    }

    /** Closes every thread's fds; safe to call twice. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Tracked tr : tracked.values()) {
            closeQuietly(tr);
        }
        tracked.clear();
    }

    /** Opens counters on a tid under the directory's quick identity; null when it has none or the open fails. */
    private Tracked openProvisional(int tid) {
        if (unopenable.contains(tid)) {
            return null;
        }
        ThreadIdentity quick = directory.quickIdentity(tid);
        Tracked tr = quick == null ? null : open(quick);
        if (tr != null) {
            tr.provisional = true;
        }
        return tr;
    }

    private Tracked open(ThreadIdentity t) {
        if (unopenable.contains(t.tid())) {
            return null;
        }
        // what the thread ran before its counters open is not in them: its schedstat CPU time says how much (read
        // first, so that counted + before never exceeds what it ran)
        long[] sched = ProcTasks.schedstat(t.tid());
        long from = System.nanoTime();
        try {
            Tracked tr = new Tracked(t, CounterGroups.open(events, plan, t.tid(), -1), from,
                    sched == null ? ThreadSample.UNKNOWN : sched[0]);
            tracked.put(t.tid(), tr);
            return tr;
        } catch (NativeCallException e) {
            // ESRCH: the thread ended between listing and opening; ENODEV: it was exiting while its group opened
            // (the kernel's context for it was already torn down). Both are normal and not worth a word.
            boolean threadEnded = e.errno() == Errno.ESRCH || (e.errno() == Errno.ENODEV && !ProcTasks.alive(t.tid()));
            if (!threadEnded) {
                unopenable.add(t.tid());
                report("per-thread counters: cannot count thread " + t.tid() + " (" + t.name() + "); threads failing"
                        + " like this are skipped: " + e.getMessage(), e.errno());
            }
            return null;
        }
    }

    private void finish(Tracked tr, List<ThreadSample> out) {
        try {
            ThreadSample last = tr.sample(System.nanoTime(), true);
            if (out != null) {
                out.add(last);
            }
            if (ended.size() >= ENDED_RETAINED) {
                ended.removeFirst();
            }
            ended.addLast(last);
        } catch (RuntimeException e) {
            report("per-thread counters: final reading of thread " + tr.identity.tid() + " failed: " + e.getMessage(), -2);
        } finally {
            closeQuietly(tr);
        }
    }

    private void closeQuietly(Tracked tr) {
        try {
            tr.groups.close();
        } catch (RuntimeException e) {
            report("per-thread counters: closing the counters of thread " + tr.identity.tid() + " failed: "
                    + e.getMessage(), -3);
        }
    }

    /** Each kind of failure is reported once, so a failing pass over many threads does not flood the log. */
    private void report(String message, int kind) {
        problems.once("errno " + kind, message);
    }
}
