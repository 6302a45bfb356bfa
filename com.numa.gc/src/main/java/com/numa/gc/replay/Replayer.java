package com.numa.gc.replay;

import com.numa.gc.heap.Collector;
import com.numa.gc.heap.HeapExhaustedException;
import com.numa.gc.heap.PlacementCheck;
import com.numa.gc.heap.ResearchHeap;
import com.numa.gc.heap.ThreadPinning;
import com.numa.core.trace.TraceEvent;
import com.numa.core.trace.TraceReader;
import com.numa.core.topology.NumaTopology;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Replays a trace against a fresh {@link ResearchHeap} under one policy. Trace threads are placed on nodes as traced
 * (their THREAD_START node) or round-robin in start order; their events run on a mutator thread pinned to that node.
 * The heap collects when a semispace fills and at every explicit GC record. At the end the kernel is asked where a
 * sample of live objects' pages are (move_pages), to check the region table the counts rely on.
 */
public final class Replayer {
    /** Progress of a long replay. */
    @FunctionalInterface
    public interface Progress {
        void update(String policy, long events, int collections);
    }

    /** Where trace threads run. */
    public enum ThreadPlacement {
        /** The node recorded at THREAD_START when there is one, else round-robin. */
        AS_TRACED,
        /** Round-robin over the nodes in thread start order. */
        ROUND_ROBIN
    }

    private static final int BATCH = 512;
    private static final long PROGRESS_EVERY = 1 << 20;
    private static final int PLACEMENT_SAMPLE = 256;

    private final NumaTopology topology;
    private final long heapBytes;
    private final int gcThreadsPerNode;
    private final ThreadPinning pinning;
    private final ThreadPlacement placement;
    private final Progress progress;
    /** Recorded traces: tolerate what a real run's trace cannot say (see {@link RecordedTraceTolerance}). */
    private final boolean lenient;

    public Replayer(NumaTopology topology, long heapBytes, int gcThreadsPerNode, ThreadPinning pinning,
            ThreadPlacement placement, boolean lenient, Progress progress) {
        this.lenient = lenient;
        this.topology = topology;
        this.heapBytes = heapBytes;
        this.gcThreadsPerNode = gcThreadsPerNode;
        this.pinning = pinning;
        this.placement = placement;
        this.progress = progress;
    }

    /** Source of a fresh reader over the same trace, once per policy. */
    @FunctionalInterface
    public interface TraceSource {
        TraceReader open() throws IOException;
    }

    /**
     * Replays the whole trace under {@code collector}. Throws {@link com.numa.core.trace.TraceFormatException} for an
     * unreadable trace, {@link HeapExhaustedException} when the live set does not fit, {@link ReplayException} for
     * an inconsistent trace.
     */
    public ReplayResult replay(Collector collector, TraceSource source) throws IOException {
        try (ResearchHeap heap = new ResearchHeap(topology, heapBytes, collector, gcThreadsPerNode, pinning);
                MutatorThreads mutators = new MutatorThreads(topology.nodeCount(), pinning);
                TraceReader reader = source.open()) {
            Run run = new Run(heap, collector.name());
            TraceEvent[] batch = new TraceEvent[BATCH];
            int size = 0;
            int batchNode = -1;
            for (TraceEvent e = reader.next(); e != null; e = reader.next()) {
                int node = run.nodeFor(e);
                if (size == BATCH || (size > 0 && node != batchNode)) {
                    run.perform(mutators, batchNode, batch, size);
                    size = 0;
                }
                batchNode = node;
                batch[size++] = e;
            }
            if (size > 0) {
                run.perform(mutators, batchNode, batch, size);
            }
            PlacementCheck check = heap.checkPlacement(PLACEMENT_SAMPLE, 1);
            List<String> notes = new ArrayList<>(heap.pinningProblems());
            if (run.tolerance != null) {
                notes.addAll(run.tolerance.notes());
            }
            notes.addAll(mutators.problems());
            return new ReplayResult(collector.name(), topology.toString(), run.events, heap.accesses(), heap.stats(),
                    PauseStats.of(heap.stats().pausesNs()), check, heap.binding(), notes);
        }
    }

    /** The state of one replay: thread placement and the event count. */
    private final class Run {
        private final ResearchHeap heap;
        private final String policy;
        private int[] nodeOfThread = new int[0];
        private int nextNode;
        private long events;
        private final RecordedTraceTolerance tolerance;

        Run(ResearchHeap heap, String policy) {
            this.heap = heap;
            this.policy = policy;
            this.tolerance = lenient ? new RecordedTraceTolerance(heap) : null;
        }

        /** The node the event's thread runs on, placing a thread the first time it appears. */
        int nodeFor(TraceEvent e) {
            int t = e.thread();
            if (t < 0) {
                throw new ReplayException("event " + (events + 1) + ": negative thread key " + t, null);
            }
            if (t >= nodeOfThread.length) {
                int old = nodeOfThread.length;
                nodeOfThread = Arrays.copyOf(nodeOfThread, Math.max(t + 1, old * 2));
                Arrays.fill(nodeOfThread, old, nodeOfThread.length, -1);
            }
            if (nodeOfThread[t] < 0 || e instanceof TraceEvent.ThreadStart) {
                int traced = e instanceof TraceEvent.ThreadStart s ? s.node() : -1;
                nodeOfThread[t] = placement == ThreadPlacement.AS_TRACED && traced >= 0
                        ? traced % topology.nodeCount()
                        : Math.floorMod(nextNode++, topology.nodeCount());
            }
            return nodeOfThread[t];
        }

        void perform(MutatorThreads mutators, int node, TraceEvent[] batch, int size) {
            long first = events;
            int[] done = {0};
            try {
                mutators.run(node, () -> {
                    for (int i = 0; i < size; i++) {
                        if (tolerance == null) {
                            apply(batch[i], node);
                        } else {
                            TraceEvent e = tolerance.admit(batch[i]);
                            if (e != null) {
                                tolerance.perform(() -> apply(e, node));
                            }
                        }
                        done[0]++;
                    }
                });
            } catch (HeapExhaustedException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new ReplayException("trace event " + (first + done[0] + 1) + " (" + batch[done[0]] + "): "
                        + e.getMessage(), e);
            }
            long before = events;
            events += size;
            if (progress != null && events / PROGRESS_EVERY != before / PROGRESS_EVERY) {
                progress.update(policy, events, heap.stats().collections());
            }
        }

        private void apply(TraceEvent e, int node) {
            int t = e.thread();
            if (heap.nodeOfThread(t) != node && !(e instanceof TraceEvent.ThreadStart)) {
                heap.threadStarted(t, node); // a thread seen without THREAD_START (a partial trace)
            }
            if (e instanceof TraceEvent.Alloc a) {
                heap.allocate(t, a.object(), a.slots(), a.payloadBytes());
            } else if (e instanceof TraceEvent.Store s) {
                heap.storeReference(t, s.object(), s.slot(), s.target());
            } else if (e instanceof TraceEvent.Read r) {
                heap.read(t, r.object());
            } else if (e instanceof TraceEvent.Write w) {
                heap.write(t, w.object());
            } else if (e instanceof TraceEvent.Root r) {
                heap.setRoot(r.slot(), r.target());
            } else if (e instanceof TraceEvent.ThreadStart) {
                heap.threadStarted(t, node);
            } else if (e instanceof TraceEvent.ThreadEnd) {
                heap.threadEnded(t);
            } else if (e instanceof TraceEvent.Gc) {
                heap.collect();
            }
        }
    }
}
