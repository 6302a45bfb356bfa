package com.numa.gc.heap;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntUnaryOperator;

/**
 * The evacuation engine all policies share: GC threads pinned per node copy every object reachable from the roots
 * into to-space regions chosen by the {@link Collector}, leave a forwarding address behind (installed with a CAS, so
 * two threads never keep two copies) and fix every reference. Work items are reference slots in per-node FIFO
 * queues; a thread takes from its own node's queue first and steals from the others rather than wait. With a policy
 * that {@linkplain Collector#copiesOnDestinationNode copies on the destination node} a slot is queued on the node
 * its target will be copied to, so the copying (the writes into the to-space) happens on that node.
 */
final class ParallelCopier implements AutoCloseable {
    private final NodeArena arena;
    private final ByteBuffer buf;
    private final WorkQueue[] queues;
    private final Worker[] workers;
    private final CyclicBarrier start;
    private final CyclicBarrier end;
    private final AtomicLong outstanding = new AtomicLong();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final List<String> pinningProblems = new ArrayList<>();
    private volatile boolean shutdown;
    private volatile boolean aborted;

    // The current collection's inputs, published to the workers by the start barrier.
    private Collector collector;
    private long collection;
    private long[] roots;
    private IntUnaryOperator ownerNode;

    ParallelCopier(NodeArena arena, int threadsPerNode, ThreadPinning pinning) {
        this.arena = arena;
        this.buf = arena.buffer();
        int nodes = arena.nodes();
        this.queues = new WorkQueue[nodes];
        for (int n = 0; n < nodes; n++) {
            queues[n] = new WorkQueue();
        }
        this.workers = new Worker[nodes * threadsPerNode];
        this.start = new CyclicBarrier(workers.length + 1);
        this.end = new CyclicBarrier(workers.length + 1);
        CyclicBarrier pinned = new CyclicBarrier(workers.length + 1);
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(i % nodes, pinning, pinned);
            Thread t = new Thread(workers[i], "gc-node" + (i % nodes) + "-" + (i / nodes));
            t.setDaemon(true);
            t.start();
        }
        await(pinned);
    }

    /** Why GC threads could not be pinned (empty when all were). */
    synchronized List<String> pinningProblems() {
        return List.copyOf(pinningProblems);
    }

    /**
     * Copies everything reachable from {@code roots} (addresses, 0 = null; updated in place to the copies). The
     * caller stops the mutators and frees the from-space regions afterwards.
     */
    CopyResult evacuate(long[] roots, Collector collector, long collection, IntUnaryOperator ownerNode) {
        this.collector = collector;
        this.collection = collection;
        this.roots = roots;
        this.ownerNode = ownerNode;
        failure.set(null);
        aborted = false;
        long pushed = 0;
        for (int i = 0; i < roots.length; i++) {
            if (roots[i] != 0) {
                int q = collector.copiesOnDestinationNode() ? queueFor(roots[i], i % queues.length) : i % queues.length;
                pushed++;
                queues[q].push(-(i + 1L));
            }
        }
        outstanding.set(pushed);
        await(start);
        await(end);
        long objects = 0;
        long bytes = 0;
        long spilled = 0;
        long stolen = 0;
        for (Worker w : workers) {
            objects += w.objects;
            bytes += w.bytes;
            spilled += w.spilled;
            stolen += w.stolen;
        }
        RuntimeException f = failure.get();
        if (f != null) {
            for (WorkQueue q : queues) {
                q.clear();
            }
            throw f;
        }
        return new CopyResult(objects, bytes, spilled, stolen);
    }

    /** The queue of the node a not-yet-copied object will be copied to ({@code fallback} for {@link Collector#ANY}). */
    private int queueFor(long target, int fallback) {
        int off = arena.offset(target);
        long fw = ObjectLayout.forwardee(buf, off);
        if (fw != 0) {
            return fallback;
        }
        int n = destination(off);
        return n == Collector.ANY ? fallback : n;
    }

    private int destination(int off) {
        long meta = buf.getLong(off + ObjectLayout.META);
        int home = arena.nodeOfOffset(off);
        int owner = ownerNode.applyAsInt(buf.getInt(off + ObjectLayout.OWNER));
        int vote = buf.getInt(off + ObjectLayout.VOTE);
        int n = collector.copyNode(home, owner < 0 ? home : owner, ObjectLayout.voteNode(vote),
                ObjectLayout.voteCount(vote), ObjectLayout.age(meta), collection);
        return n == Collector.ANY || (n >= 0 && n < arena.nodes()) ? n : home;
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while GC threads were running", e);
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("GC thread barrier broken", e);
        }
    }

    @Override
    public void close() {
        shutdown = true;
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (BrokenBarrierException e) {
            // workers already gone
        }
    }

    /** One GC thread: pinned to its node, with a copy buffer (one region) per destination node and one for ANY. */
    private final class Worker implements Runnable {
        private final int node;
        private final ThreadPinning pinning;
        private final CyclicBarrier pinned;
        private final int[] labRegion;
        private final int[] labTop;
        long objects;
        long bytes;
        long spilled;
        long stolen;

        Worker(int node, ThreadPinning pinning, CyclicBarrier pinned) {
            this.node = node;
            this.pinning = pinning;
            this.pinned = pinned;
            this.labRegion = new int[arena.nodes() + 1];
            this.labTop = new int[arena.nodes() + 1];
        }

        @Override
        public void run() {
            String problem = pinning.pin(node);
            if (problem != null) {
                synchronized (ParallelCopier.this) {
                    pinningProblems.add(problem);
                }
            }
            await(pinned);
            while (true) {
                await(start);
                if (shutdown) {
                    return;
                }
                objects = bytes = spilled = stolen = 0;
                java.util.Arrays.fill(labRegion, -1);
                try {
                    drain();
                } catch (RuntimeException | Error e) {
                    aborted = true;
                    failure.compareAndSet(null, e instanceof RuntimeException r ? r
                            : new IllegalStateException("GC thread failed: " + e, e));
                } finally {
                    retireLabs();
                }
                await(end);
            }
        }

        private void drain() {
            int idle = 0;
            while (!aborted) {
                long item = queues[node].poll();
                if (item == WorkQueue.EMPTY) {
                    item = steal();
                }
                if (item == WorkQueue.EMPTY) {
                    if (outstanding.get() == 0) {
                        return;
                    }
                    if (++idle > 64) {
                        Thread.yield();
                    } else {
                        Thread.onSpinWait();
                    }
                    continue;
                }
                idle = 0;
                process(item);
                outstanding.decrementAndGet();
            }
        }

        private long steal() {
            for (int i = 1; i < queues.length; i++) {
                long item = queues[(node + i) % queues.length].poll();
                if (item != WorkQueue.EMPTY) {
                    stolen++;
                    return item;
                }
            }
            return WorkQueue.EMPTY;
        }

        private void process(long item) {
            long ref = item < 0 ? roots[(int) (-item - 1)] : buf.getLong((int) item);
            if (ref == 0) {
                return;
            }
            long to = evacuate(ref, item);
            if (item < 0) {
                roots[(int) (-item - 1)] = to;
            } else {
                buf.putLong((int) item, to);
            }
        }

        /** Copies the object at {@code ref} (reached from {@code item}) unless it is forwarded; its new address. */
        private long evacuate(long ref, long item) {
            int off = arena.offset(ref);
            long fw = ObjectLayout.forwardee(buf, off);
            if (fw != 0) {
                return fw;
            }
            long meta = buf.getLong(off + ObjectLayout.META);
            int size = ObjectLayout.size(meta);
            if (size < ObjectLayout.HEADER || size > arena.regionBytes()) {
                // A corrupt heap, said with what a diagnosis needs instead of failing later in the copy's range check.
                throw new IllegalStateException("no object at heap offset " + off + " (region "
                        + arena.regionOfOffset(off) + ", header word 0x" + Long.toHexString(meta) + "), referenced from "
                        + (item < 0 ? "root " + (-item - 1) : "the slot at offset " + item) + " in collection "
                        + collection);
            }
            int dest = destination(off);
            int lab = dest == Collector.ANY ? arena.nodes() : dest;
            int toOff = allocate(lab, dest, size);
            buf.put(toOff, buf, off, size);
            int toNode = arena.nodeOfOffset(toOff);
            buf.putLong(toOff + ObjectLayout.META, ObjectLayout.withNodeAndAge(meta, toNode, ObjectLayout.age(meta) + 1));
            buf.putInt(toOff + ObjectLayout.VOTE, ObjectLayout.decay(buf.getInt(off + ObjectLayout.VOTE)));
            buf.putLong(toOff + ObjectLayout.FORWARD, 0);
            long to = arena.address(toOff);
            if (!ObjectLayout.forward(buf, off, to)) {
                labTop[lab] -= size; // another thread won: give the space back (it was our last allocation)
                return ObjectLayout.forwardee(buf, off);
            }
            objects++;
            bytes += size;
            if (dest != Collector.ANY && toNode != dest) {
                spilled++; // counted only for the copy that stays: a losing copy is discarded
            }
            int slots = ObjectLayout.slots(meta);
            for (int s = 0; s < slots; s++) {
                int slot = ObjectLayout.slotOffset(toOff, s);
                long t = buf.getLong(slot);
                if (t == 0) {
                    continue;
                }
                long tf = ObjectLayout.forwardee(buf, arena.offset(t));
                if (tf != 0) {
                    buf.putLong(slot, tf);
                } else {
                    int q = collector.copiesOnDestinationNode() ? queueFor(t, node) : node;
                    outstanding.incrementAndGet();
                    queues[q].push(slot);
                }
            }
            return to;
        }

        private int allocate(int lab, int dest, int size) {
            if (labRegion[lab] < 0 || labTop[lab] + size > arena.regionBytes()) {
                if (labRegion[lab] >= 0) {
                    arena.setTop(labRegion[lab], labTop[lab]);
                }
                int r = arena.take(dest);
                if (r < 0) {
                    labRegion[lab] = -1;
                    throw new HeapExhaustedException("the heap is too small for the live set: the to-space ran out "
                            + "during a collection (" + arena.regionCount() + " regions of " + arena.regionBytes()
                            + " bytes)");
                }
                labRegion[lab] = r;
                labTop[lab] = 0;
            }
            int off = arena.regionStart(labRegion[lab]) + labTop[lab];
            labTop[lab] += size;
            return off;
        }

        private void retireLabs() {
            for (int lab = 0; lab < labRegion.length; lab++) {
                if (labRegion[lab] >= 0) {
                    arena.setTop(labRegion[lab], labTop[lab]);
                    labRegion[lab] = -1;
                }
            }
        }
    }
}
