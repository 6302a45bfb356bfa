package com.numa.gc.heap;

import com.numa.core.topology.NumaTopology;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The research heap: a semispace heap over a {@link NodeArena}, collected by a {@link ParallelCopier} under one
 * {@link Collector} policy, addressed by trace object ids. Public surface of {@code com.numa.gc.heap}: this class,
 * {@link Collector}/{@link Collectors}, {@link AccessCounts}, {@link HeapStats}, {@link Generation},
 * {@link PlacementCheck}, {@link ThreadPinning} and {@link HeapExhaustedException}.
 *
 * <p>Mutator calls are made by one thread at a time (the replayer serialises the trace); each thread of the trace
 * has its TLAB (a region of its policy's allocation node) and an implicit root, its last allocation (the register
 * holding a new object). Global root slots stand for static fields and long-lived locals. When the allocated regions
 * reach half the arena (the semispace), the heap collects; a live set that does not fit half the arena afterwards
 * is a {@link HeapExhaustedException}. Ids of objects that died are forgotten at the collection: using one later is
 * an IllegalArgumentException (a trace that accesses a dead object is inconsistent).
 */
public final class ResearchHeap implements AutoCloseable {
    /** Region (and TLAB) size: 16 pages, small enough to interleave finely, large enough for few region takes. */
    public static final int DEFAULT_REGION_BYTES = 64 << 10;

    private final NodeArena arena;
    private final ByteBuffer buf;
    private final Collector collector;
    private final ParallelCopier copier;
    private final int semispaceRegions;
    private final LongLongMap ids = new LongLongMap();
    private final AccessCounts accesses = new AccessCounts();
    private final HeapStats stats = new HeapStats();
    private int[] threadNode = new int[0];
    private int[] tlabRegion = new int[0];
    private int[] tlabTop = new int[0];
    private long[] lastAllocation = new long[0];
    private long[] globalRoots = new long[16];
    private long sink;

    /**
     * A heap of {@code heapBytes} (both semispaces) over {@code topology}, collected by {@code gcThreadsPerNode}
     * threads per node, pinned with {@code pinning}.
     */
    public ResearchHeap(NumaTopology topology, long heapBytes, Collector collector, int gcThreadsPerNode,
            ThreadPinning pinning) {
        this(topology, heapBytes, DEFAULT_REGION_BYTES, collector, gcThreadsPerNode, pinning);
    }

    ResearchHeap(NumaTopology topology, long heapBytes, int regionBytes, Collector collector, int gcThreadsPerNode,
            ThreadPinning pinning) {
        if (gcThreadsPerNode < 1) {
            throw new IllegalArgumentException("need at least 1 GC thread per node, got " + gcThreadsPerNode);
        }
        this.arena = new NodeArena(topology, heapBytes, regionBytes);
        this.buf = arena.buffer();
        this.collector = collector;
        this.semispaceRegions = arena.regionCount() / 2;
        ParallelCopier c;
        try {
            c = new ParallelCopier(arena, gcThreadsPerNode, pinning);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        this.copier = c;
    }

    public Collector collector() {
        return collector;
    }

    /** How the arena is bound: real, emulated (and to which real node), or unbound and why. */
    public String binding() {
        return arena.binding();
    }

    /** Why GC threads could not be pinned (empty when they all were). */
    public List<String> pinningProblems() {
        return copier.pinningProblems();
    }

    public AccessCounts accesses() {
        return accesses;
    }

    public HeapStats stats() {
        return stats;
    }

    /** Bytes in one semispace (half the arena): the most the heap holds between collections. */
    public long semispaceBytes() {
        return (long) semispaceRegions * arena.regionBytes();
    }

    /** The largest object (header, slots and payload) a region holds. */
    public int maxObjectBytes() {
        return arena.regionBytes();
    }

    /** Registers thread {@code thread} as running on {@code node} (its accesses count against that node). */
    public void threadStarted(int thread, int node) {
        if (node < 0 || node >= arena.nodes()) {
            throw new IllegalArgumentException("thread " + thread + " on node " + node + ", but the topology has nodes "
                    + "0.." + (arena.nodes() - 1));
        }
        ensureThread(thread);
        threadNode[thread] = node;
    }

    /** The node thread {@code thread} runs on, or -1 when it never started. */
    public int nodeOfThread(int thread) {
        return thread >= 0 && thread < threadNode.length ? threadNode[thread] : -1;
    }

    /** A thread ended: its last allocation is no longer a root, its TLAB is retired. */
    public void threadEnded(int thread) {
        checkThread(thread);
        lastAllocation[thread] = 0;
        tlabRegion[thread] = -1;
    }

    /** Allocates object {@code id}; collects first when the semispace is full. */
    public void allocate(int thread, long id, int slots, int payloadBytes) {
        checkThread(thread);
        if (id <= 0) {
            throw new IllegalArgumentException("object ids are positive; got " + id);
        }
        if (slots < 0 || slots > ObjectLayout.MAX_SLOTS || payloadBytes < 0) {
            throw new IllegalArgumentException("object " + id + ": " + slots + " slots and " + payloadBytes
                    + " payload bytes; slots must be 0.." + ObjectLayout.MAX_SLOTS + ", payload at least 0");
        }
        long size = ObjectLayout.sizeOf(slots, payloadBytes);
        if (size > arena.regionBytes()) {
            throw new IllegalArgumentException("object " + id + " needs " + size + " bytes, more than a heap region ("
                    + arena.regionBytes() + " bytes): the research heap has no large-object space");
        }
        if (ids.get(id) != 0) {
            throw new IllegalArgumentException("object " + id + " is allocated twice");
        }
        int off = bump(thread, (int) size);
        ObjectLayout.initialize(buf, off, id, slots, payloadBytes, arena.nodeOfOffset(off), thread);
        long address = arena.address(off);
        ids.put(id, address);
        lastAllocation[thread] = address;
    }

    private int bump(int thread, int size) {
        int r = tlabRegion[thread];
        if (r < 0 || tlabTop[thread] + size > arena.regionBytes()) {
            r = newTlab(thread);
        }
        int off = arena.regionStart(r) + tlabTop[thread];
        tlabTop[thread] += size;
        arena.setTop(r, tlabTop[thread]);
        return off;
    }

    private int newTlab(int thread) {
        if (arena.inUseCount() + 1 > semispaceRegions) {
            collect();
            if (arena.inUseCount() + 1 > semispaceRegions) {
                throw tooSmall();
            }
        }
        int wanted = collector.allocationNode(threadNode[thread]);
        int r = arena.take(wanted);
        if (r < 0) {
            throw tooSmall();
        }
        if (wanted != Collector.ANY && arena.nodeOfRegion(r) != wanted) {
            stats.spilledTlabs++;
        }
        tlabRegion[thread] = r;
        tlabTop[thread] = 0;
        return r;
    }

    private HeapExhaustedException tooSmall() {
        return new HeapExhaustedException("the heap is too small for the live set: after collection "
                + stats.collections() + " the survivors fill " + arena.inUseCount() + " of the semispace's "
                + semispaceRegions + " regions (" + (semispaceBytes() >> 20) + " MiB); give a larger heap");
    }

    /** {@code id.slots[slot] = targetId} (0 = null); the storing thread becomes the owner. */
    public void storeReference(int thread, long id, int slot, long targetId) {
        int off = arena.offset(addressOf(id));
        int slots = ObjectLayout.slots(buf.getLong(off + ObjectLayout.META));
        if (slot < 0 || slot >= slots) {
            throw new IllegalArgumentException("object " + id + " has " + slots + " slots; a store to slot " + slot);
        }
        buf.putLong(ObjectLayout.slotOffset(off, slot), targetId == 0 ? 0 : addressOf(targetId));
        buf.putInt(off + ObjectLayout.OWNER, thread);
    }

    /** Global root slot {@code slot} now holds {@code targetId} (0 = null). */
    public void setRoot(int slot, long targetId) {
        if (slot < 0) {
            throw new IllegalArgumentException("root slots are non-negative; got " + slot);
        }
        if (slot >= globalRoots.length) {
            globalRoots = Arrays.copyOf(globalRoots, Math.max(slot + 1, globalRoots.length * 2));
        }
        globalRoots[slot] = targetId == 0 ? 0 : addressOf(targetId);
    }

    /** A read of {@code id} by {@code thread}: touches the object and counts the access as local or remote. */
    public void read(int thread, long id) {
        int off = access(thread, id);
        sink += buf.getLong(off + ObjectLayout.ID);
    }

    /** A write of {@code id}'s payload by {@code thread}, who becomes the owner. */
    public void write(int thread, long id) {
        int off = access(thread, id);
        long meta = buf.getLong(off + ObjectLayout.META);
        int payload = ObjectLayout.HEADER + 8 * ObjectLayout.slots(meta);
        if (ObjectLayout.hasWriteCounter(meta)) {
            buf.putLong(off + payload, buf.getLong(off + payload) + 1);
        }
        buf.putInt(off + ObjectLayout.OWNER, thread);
    }

    private int access(int thread, long id) {
        checkThread(thread);
        int off = arena.offset(addressOf(id));
        int node = threadNode[thread];
        accesses.count(Generation.ofAge(ObjectLayout.age(buf.getLong(off + ObjectLayout.META))),
                arena.nodeOfOffset(off) == node);
        ObjectLayout.vote(buf, off, node);
        return off;
    }

    /** The node of the page object {@code id} lives on (by the region table). */
    public int nodeOf(long id) {
        return arena.nodeOfOffset(arena.offset(addressOf(id)));
    }

    /** Whether {@code id} is a live (allocated and not yet collected) object. */
    public boolean isLive(long id) {
        return ids.get(id) != 0;
    }

    /** Number of objects the heap currently knows (live and, between collections, possibly dead ones). */
    public int objectCount() {
        return ids.size();
    }

    private long addressOf(long id) {
        long a = id <= 0 ? 0 : ids.get(id);
        if (a == 0) {
            throw new IllegalArgumentException("object " + id + " is not live: never allocated, or unreachable and "
                    + "collected");
        }
        return a;
    }

    /** Collects now: copies everything reachable into the to-spaces the policy picks and frees the rest. */
    public void collect() {
        Arrays.fill(tlabRegion, -1);
        int[] from = arena.inUseRegions();
        int threads = lastAllocation.length;
        long[] roots = new long[globalRoots.length + threads];
        System.arraycopy(globalRoots, 0, roots, 0, globalRoots.length);
        System.arraycopy(lastAllocation, 0, roots, globalRoots.length, threads);
        long t0 = System.nanoTime();
        CopyResult r = copier.evacuate(roots, collector, stats.collections() + 1L, this::nodeOfThread);
        stats.pause(System.nanoTime() - t0);
        System.arraycopy(roots, 0, globalRoots, 0, globalRoots.length);
        System.arraycopy(roots, globalRoots.length, lastAllocation, 0, threads);
        arena.release(from);
        stats.bytesCopied += r.bytes();
        stats.objectsCopied += r.objects();
        stats.spilledCopies += r.spilled();
        stats.stolenItems += r.stolen();
        rebuildIds();
    }

    private void rebuildIds() {
        ids.clear();
        for (int region : arena.inUseRegions()) {
            int off = arena.regionStart(region);
            int end = off + arena.top(region);
            while (off < end) {
                ids.put(buf.getLong(off + ObjectLayout.ID), arena.address(off));
                off += ObjectLayout.size(buf.getLong(off + ObjectLayout.META));
            }
        }
    }

    /** Asks the kernel (move_pages) where {@code sample} random places in the live regions are (none when empty). */
    public PlacementCheck checkPlacement(int sample, long seed) {
        int[] regions = arena.inUseRegions();
        int n = regions.length == 0 ? 0 : sample;
        int[] offsets = new int[n];
        Random random = new Random(seed);
        for (int i = 0; i < n; i++) {
            int region = regions[random.nextInt(regions.length)];
            offsets[i] = arena.regionStart(region) + random.nextInt(Math.max(1, arena.top(region)));
        }
        return arena.checkPlacement(offsets);
    }

    /** Regions in use and free: for a leak check, they always add up to the arena's regions. */
    int[] regionAccounting() {
        return new int[] {arena.inUseCount(), arena.freeCount(), arena.regionCount()};
    }

    /** The buffer and arena, for the package's snapshot of the object graph (tests). */
    NodeArena arena() {
        return arena;
    }

    long[] roots() {
        long[] roots = Arrays.copyOf(globalRoots, globalRoots.length + lastAllocation.length);
        System.arraycopy(lastAllocation, 0, roots, globalRoots.length, lastAllocation.length);
        return roots;
    }

    long sink() {
        return sink;
    }

    private void ensureThread(int thread) {
        if (thread < 0) {
            throw new IllegalArgumentException("thread keys are non-negative; got " + thread);
        }
        if (thread >= threadNode.length) {
            int n = Math.max(thread + 1, threadNode.length * 2);
            int old = threadNode.length;
            threadNode = Arrays.copyOf(threadNode, n);
            Arrays.fill(threadNode, old, n, -1);
            tlabRegion = Arrays.copyOf(tlabRegion, n);
            Arrays.fill(tlabRegion, old, n, -1);
            tlabTop = Arrays.copyOf(tlabTop, n);
            lastAllocation = Arrays.copyOf(lastAllocation, n);
        }
    }

    private void checkThread(int thread) {
        if (thread < 0 || thread >= threadNode.length || threadNode[thread] < 0) {
            throw new IllegalArgumentException("thread " + thread + " has no thread start");
        }
    }

    @Override
    public void close() {
        copier.close();
        arena.close();
    }
}
