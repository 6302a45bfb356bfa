package com.numa.perfutil.locality;

import com.numa.core.threads.ThreadRoleRules;
import com.numa.core.io.KernelFiles;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.affinity.PageLocator;
import com.numa.perfutil.affinity.PageNodes;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.perfutil.topology.SysfsTopologyReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kernel locality source: remote memory accesses of this process's threads without a PMU. Every thread's faults
 * are sampled with their address and CPU ({@link FaultRing}, {@link FaultSource}): its NUMA hinting faults through a
 * kprobe where the kernel allows, each with its page's node; else every page fault, among which are the hinting faults
 * (each the first touch of a page since the scanner unmapped it), each page's node then from move_pages (asked once
 * per page and kept: the study's configurations bind memory, so pages do not move). The CPU's node comes from sysfs: a
 * sample is local when both are the same node. Beside the samples it keeps the
 * kernel's coarse counters (/proc/vmstat numa_*, each thread's sched numa_faults) and the migrations in the window.
 *
 * <p>A sample is a page touch, not an access: a scan gives at most one fault per page, taken by whichever thread
 * touches it first, and ordinary first-touch faults are sampled too ({@link LocalityReport#firstSeenSamples()} counts
 * the first sample of each page, among which they are).
 */
public final class KernelLocalitySampler implements AutoCloseable {
    /**
     * How the sampling is set up: ring buffer pages per thread (a power of two; 256 pages of 4 KiB hold about 32,000
     * samples, a quarter second at a tuned scanner's fastest; smaller where the mlock limit says so), how often the
     * rings are read, how often new threads and the memory maps are looked for (less often where looking takes more
     * than a fifth of that).
     */
    public record Options(int dataPagesPerThread, long pollMs, long refreshMs) {
        public static final Options DEFAULTS = new Options(256, 10, 500);
    }

    private final Options options;
    private final FaultSource source;
    private final int[] nodeOfCpu;
    private final PageLocator locator;
    private final MemoryRanges ranges;
    private final int selfPid;
    private final Map<Integer, FaultRing> rings = new LinkedHashMap<>();
    private final Map<Integer, String> names = new java.util.concurrent.ConcurrentSkipListMap<>();
    private final Map<Integer, String> notSampled = new TreeMap<>();
    private final Map<Integer, Map<Integer, Long>> schedBefore = new TreeMap<>();
    /** Each resolved page's node and, once found, the range holding it (a page's node and range do not change). */
    private final Map<Long, Page> pages = new HashMap<>();
    private final java.util.Set<Long> seenPages = new java.util.HashSet<>();
    /** Polls a sample waits for its page's node before it counts as unresolved. */
    static final int MAX_ATTEMPTS = 20;
    private final LocalityTally tally = new LocalityTally();
    private final Map<String, Long> vmstatBefore;
    private final long startNs;
    private final Thread thread;
    private final byte[] scratch;
    private final Batch batch = new Batch();
    private final int pageShift;
    /** Pages' nodes from their frames (also those the scanner has unmapped again); null where pagemap hides them. */
    private final PageFrameNodes frames;
    private volatile boolean stopping;
    /** Who else is told of each heap sample as it is counted (the optimizer's memory placement); null: nobody. */
    private volatile HeapSampleSink heapSink;
    /** When {@link #stop} was asked plus {@link #FINAL_PASS_MS}: samples not resolved by then count as unresolved. */
    private volatile long stopDeadlineNs;
    private long lost;
    private long throttled;
    private long otherProcess;
    private long firstSeen;
    private long samplerCpuNs;
    private Throwable failure;
    private LocalityReport report;

    private KernelLocalitySampler(Options options, MemoryRanges ranges, FaultSource source) {
        this.options = options;
        this.source = source;
        this.ranges = ranges;
        NumaTopology topology = realTopology();
        this.nodeOfCpu = nodeOfCpu(topology);
        this.locator = new PageLocator(topology);
        this.selfPid = (int) ProcessHandle.current().pid();
        this.pageShift = Integer.numberOfTrailingZeros(LinuxSyscalls.pageSize());
        this.frames = PageFrameNodes.open(pageShift);
        this.scratch = new byte[LinuxSyscalls.pageSize() * options.dataPagesPerThread()];
        this.vmstatBefore = KernelNumaCounters.vmstat();
        this.startNs = System.nanoTime();
        this.thread = new Thread(this::loop, ThreadRoleRules.AGENT_PREFIX + "locality-sampler");
        this.thread.setDaemon(true);
    }

    /**
     * Starts sampling every page fault of every thread of this process (and those it starts later) but the sampler's
     * own; {@link KernelLocality} samples the hinting faults themselves where it can.
     */
    public static KernelLocalitySampler start(Options options, MemoryRanges ranges) {
        return start(options, ranges, FaultSource.PAGE_FAULTS);
    }

    static KernelLocalitySampler start(Options options, MemoryRanges ranges, FaultSource source) {
        ranges.readJvmRanges(); // here, not on the sampler's thread: the first diagnostic command may start JMX
        KernelLocalitySampler s = new KernelLocalitySampler(options, ranges, source);
        s.thread.start();
        return s;
    }

    /**
     * How long the sampler goes on resolving pages once {@link #stop} is asked: the samples still waiting then (a
     * backlog, where the sampler fell behind) count as unresolved, so stopping takes about this long at most.
     */
    static final long FINAL_PASS_MS = 5_000;
    /** How long {@link #stop} waits for the sampler thread: past the final pass, only a hung system call. */
    static final long STOP_LIMIT_MS = 20_000;

    /** What is known of a sampled page, and its samples once it is known to be in the heap. */
    private static final class Page {
        final int node;
        String range;
        long local;
        long remote;

        Page(int node) {
            this.node = node;
        }
    }

    /** Stops sampling, closes every event and returns what was sampled; later calls return the same report. */
    public synchronized LocalityReport stop() {
        if (report != null) {
            return report;
        }
        stopDeadlineNs = System.nanoTime() + FINAL_PASS_MS * 1_000_000;
        stopping = true;
        try {
            thread.join(STOP_LIMIT_MS); // at exit a hook must never wait without a bound
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            throw new IllegalStateException("the sampler thread did not stop within " + STOP_LIMIT_MS + " ms");
        }
        if (failure != null) {
            throw new IllegalStateException("kernel locality sampling failed: " + failure, failure);
        }
        Map<Integer, Map<Integer, Long>> sched = new TreeMap<>();
        for (int tid : names.keySet()) {
            sched.put(tid, KernelNumaCounters.threadFaults(tid));
            String now = ProcTasks.comm(tid); // a thread found before the JVM named it reads "java" until then
            if (now != null) {
                names.put(tid, now);
            }
        }
        report = new LocalityReport(source.method, tally, Map.copyOf(names), Map.copyOf(notSampled), schedBefore, sched,
                KernelNumaCounters.delta(vmstatBefore, KernelNumaCounters.vmstat()), lost, throttled, otherProcess,
                firstSeen, pages.size(), System.nanoTime() - startNs, samplerCpuNs, ranges.jvmRanges(), heapPages());
        return report;
    }

    /** The heap pages with samples, in address order. */
    private HeapPages heapPages() {
        long[] addresses = pages.entrySet().stream().filter(e -> e.getValue().local + e.getValue().remote > 0)
                .mapToLong(Map.Entry::getKey).sorted().toArray();
        long[] local = new long[addresses.length];
        long[] remote = new long[addresses.length];
        for (int i = 0; i < addresses.length; i++) {
            Page p = pages.get(addresses[i]);
            local[i] = p.local;
            remote[i] = p.remote;
        }
        return new HeapPages(addresses, local, remote);
    }

    /**
     * Tells {@code sink} of every heap sample counted from now on, on the sampler's thread (null: nobody). A sink must
     * be quick and must not throw: the sampler polls every {@code pollMs}.
     */
    public void onHeapSample(HeapSampleSink sink) {
        heapSink = sink;
    }

    /** True once thread {@code tid}'s faults are being sampled (threads are found every refreshMs). */
    public boolean sampling(int tid) {
        return names.containsKey(tid);
    }

    @Override
    public void close() {
        stop();
    }

    private void loop() {
        int tid = ProcTasks.currentTid();
        long nextRefresh = 0;
        try {
            while (true) {
                boolean last = stopping;
                long now = System.nanoTime();
                List<Integer> ended = List.of();
                if (now >= nextRefresh || last) {
                    ended = openNewThreads(tid);
                    ranges.refresh(rings.keySet());
                    // a slow machine makes the refresh itself slow: it takes a fifth of the sampler's time at most
                    long took = System.nanoTime() - now;
                    nextRefresh = now + took + Math.max(options.refreshMs() * 1_000_000, 4 * took);
                }
                drainAll(last);
                for (int gone : ended) {
                    rings.remove(gone).close(); // drained just now: an ended thread's ring holds nothing more
                }
                if (last) {
                    break;
                }
                Thread.sleep(options.pollMs());
            }
        } catch (Throwable t) {
            failure = t;
        } finally {
            samplerCpuNs = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            if (frames != null) {
                frames.close();
            }
            for (FaultRing r : rings.values()) {
                try {
                    r.close();
                } catch (RuntimeException ignored) {
                    // closing is best effort; the counts are taken
                }
            }
        }
    }

    /** Opens the threads not sampled yet; returns the sampled threads that have ended. */
    private List<Integer> openNewThreads(int selfTid) {
        List<Integer> live = ProcTasks.tids();
        List<Integer> ended = new java.util.ArrayList<>();
        for (int t : rings.keySet()) {
            if (!live.contains(t)) {
                ended.add(t);
            }
        }
        for (int tid : live) {
            if (tid == selfTid || rings.containsKey(tid) || notSampled.containsKey(tid)) {
                continue;
            }
            String name = ProcTasks.comm(tid);
            if (name == null) {
                continue; // ended meanwhile
            }
            try {
                rings.put(tid, FaultRing.open(tid, options.dataPagesPerThread(), source));
                names.put(tid, name);
                schedBefore.put(tid, KernelNumaCounters.threadFaults(tid));
            } catch (RuntimeException e) {
                if (ProcTasks.alive(tid)) {
                    notSampled.put(tid, name + ": " + e.getMessage());
                }
            }
        }
        return ended;
    }

    /** Samples of one poll, waiting for their pages' nodes. */
    private final class Batch implements SampleRecords.Sink {
        int n;
        int[] tids = new int[1024];
        int[] cpus = new int[1024];
        long[] addresses = new long[1024];
        int[] nodes = new int[1024];
        int[] attempts = new int[1024];

        /** Moves sample {@code from} to slot {@code to} for another attempt. */
        void keep(int from, int to) {
            tids[to] = tids[from];
            cpus[to] = cpus[from];
            addresses[to] = addresses[from];
            nodes[to] = nodes[from];
            attempts[to] = attempts[from] + 1;
        }

        @Override
        public void sample(int pid, int tid, long address, int cpu, int node) {
            if (pid != selfPid) {
                otherProcess++;
                return;
            }
            if (n == tids.length) {
                tids = Arrays.copyOf(tids, n * 2);
                cpus = Arrays.copyOf(cpus, n * 2);
                addresses = Arrays.copyOf(addresses, n * 2);
                nodes = Arrays.copyOf(nodes, n * 2);
                attempts = Arrays.copyOf(attempts, n * 2);
            }
            attempts[n] = 0;
            tids[n] = tid;
            cpus[n] = cpu;
            addresses[n] = address;
            nodes[n] = node;
            n++;
        }

        @Override
        public void lost(long samples) {
            lost += samples;
        }

        @Override
        public void throttled() {
            throttled++;
        }
    }

    /** Samples counted together: their pages resolved at once, then each sample counted. */
    static final int ROUND = 4096;

    /**
     * Reads every ring and counts each sample whose page has a node, in rounds of {@link #ROUND} samples, each round
     * every k-th sample of the batch from its own offset. The batch holds each thread's samples in time order, so
     * when the stop's time runs out between rounds, what was counted is an even subset over the threads and the window,
     * and the rest count as unresolved. A page the scanner has unmapped again by the time it is asked may read as
     * absent: its samples wait and are asked again at the next polls, up to {@link #MAX_ATTEMPTS}, and count as
     * unresolved after that or at the end.
     */
    private void drainAll(boolean last) {
        if (overdue()) { // the stop's time is up: what still waits counts as unresolved, the rings are not read again
            countUnresolved(0);
            batch.n = 0;
            return;
        }
        int waiting = batch.n;
        for (FaultRing r : rings.values()) {
            r.drain(scratch, batch);
        }
        int n = batch.n;
        int rounds = Math.max(1, (n + ROUND - 1) / ROUND);
        boolean[] keep = new boolean[n];
        int round = 0;
        for (; round < rounds && !overdue(); round++) {
            long[] unknown = new long[ROUND]; // a round holds ceil(n / rounds) samples, ROUND at most
            int u = 0;
            for (int i = round; i < n; i += rounds) {
                long page = batch.addresses[i] >>> pageShift << pageShift;
                if (i >= waiting && seenPages.add(page)) {
                    firstSeen++;
                }
                if (!pages.containsKey(page)) {
                    if (batch.nodes[i] >= 0) {
                        pages.put(page, new Page(batch.nodes[i])); // the probe gave its node: nothing to ask
                    } else {
                        unknown[u++] = page;
                    }
                }
            }
            resolve(distinct(unknown, u));
            boolean giveUp = last || overdue();
            for (int i = round; i < n; i += rounds) {
                keep[i] = !count(i, giveUp);
            }
        }
        if (round < rounds) { // out of time: the rounds not counted are unresolved
            for (int r = round; r < rounds; r++) {
                for (int i = r; i < n; i += rounds) {
                    tally.addUnresolved(batch.tids[i], 1);
                }
            }
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (keep[i]) {
                batch.keep(i, kept++);
            }
        }
        batch.n = kept;
    }

    /** Counts sample {@code i} of the batch; false when it waits for its page's node (asked again next poll). */
    private boolean count(int i, boolean giveUp) {
        long address = batch.addresses[i];
        Page page = pages.get(address >>> pageShift << pageShift);
        int cpu = batch.cpus[i];
        boolean cpuKnown = cpu >= 0 && cpu < nodeOfCpu.length && nodeOfCpu[cpu] >= 0;
        if (page != null && cpuKnown) {
            String range = rangeOf(page, address);
            int pageNode = batch.nodes[i] >= 0 ? batch.nodes[i] : page.node; // the probe's is the node at the fault
            tally.add(batch.tids[i], range, nodeOfCpu[cpu], pageNode);
            if (range.startsWith(MemoryRanges.HEAP)) {
                if (nodeOfCpu[cpu] == pageNode) {
                    page.local++;
                } else {
                    page.remote++;
                }
                HeapSampleSink sink = heapSink;
                if (sink != null) {
                    sink.sample(address >>> pageShift << pageShift, range, nodeOfCpu[cpu], pageNode);
                }
            }
            return true;
        }
        if (!cpuKnown || giveUp || batch.attempts[i] >= MAX_ATTEMPTS) {
            tally.addUnresolved(batch.tids[i], 1);
            return true;
        }
        return false;
    }

    /** Counts the batch's samples from {@code from} on as unresolved, a thread's run of samples at a time. */
    private void countUnresolved(int from) {
        for (int i = from; i < batch.n; ) {
            int j = i;
            while (j < batch.n && batch.tids[j] == batch.tids[i]) {
                j++;
            }
            tally.addUnresolved(batch.tids[i], j - i);
            i = j;
        }
    }

    /**
     * Finds the nodes of {@code unknown} pages (sorted), a chunk at a time, until done or the stop's time is up: from
     * their frames where pagemap shows them, from move_pages for the rest.
     */
    private void resolve(long[] unknown) {
        final int chunk = 4096;
        for (int from = 0; from < unknown.length && !overdue(); from += chunk) {
            long[] part = Arrays.copyOfRange(unknown, from, Math.min(unknown.length, from + chunk));
            int[] byFrame = frames == null ? null : frames.nodesOf(part);
            long[] rest = part;
            if (byFrame != null) {
                int r = 0;
                for (int i = 0; i < part.length; i++) {
                    if (byFrame[i] >= 0) {
                        pages.put(part[i], new Page(byFrame[i]));
                    } else {
                        part[r++] = part[i];
                    }
                }
                rest = Arrays.copyOf(part, r);
            }
            if (rest.length == 0) {
                continue;
            }
            PageNodes nodes = locator.nodesOf(rest);
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.present(i)) {
                    pages.put(rest[i], new Page(nodes.node(i)));
                }
            }
        }
    }

    /** The range holding a page, looked up once: a page found outside every range is looked up again later. */
    private String rangeOf(Page page, long address) {
        if (page.range == null) {
            String name = ranges.nameOf(address);
            if (name.equals(MemoryRanges.OTHER)) {
                return name; // its range may be found at the next refresh (a new thread's stack)
            }
            page.range = name;
        }
        return page.range;
    }

    private boolean overdue() {
        return stopping && System.nanoTime() - stopDeadlineNs > 0;
    }

    /** The first {@code n} values, sorted, each once. */
    static long[] distinct(long[] values, int n) {
        long[] v = Arrays.copyOf(values, n);
        Arrays.sort(v);
        int k = 0;
        for (int i = 0; i < v.length; i++) {
            if (k == 0 || v[i] != v[k - 1]) {
                v[k++] = v[i];
            }
        }
        return Arrays.copyOf(v, k);
    }

    /** Every online CPU's real node: threads of this process may run anywhere, whatever the sampler's affinity. */
    private static NumaTopology realTopology() {
        CpuSet online;
        try {
            online = CpuSet.parseList(KernelFiles.read(Path.of("/sys/devices/system/cpu/online")).strip());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /sys/devices/system/cpu/online: " + e.getMessage(), e);
        }
        return new SysfsTopologyReader(SysfsTopologyReader.DEFAULT_ROOT, online).read();
    }

    private static int[] nodeOfCpu(NumaTopology t) {
        int max = 0;
        for (NumaNode n : t.nodes()) {
            for (int c : n.cpus().toArray()) {
                max = Math.max(max, c);
            }
        }
        int[] out = new int[max + 1];
        Arrays.fill(out, -1);
        for (NumaNode n : t.nodes()) {
            for (int c : n.cpus().toArray()) {
                out[c] = n.realNode();
            }
        }
        return out;
    }

    /** Real nodes of this machine, for the report's "one node: locality is not measured" line. */
    public static int realNodeCount() {
        return realTopology().nodeCount();
    }
}
