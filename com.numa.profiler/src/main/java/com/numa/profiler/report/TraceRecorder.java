package com.numa.profiler.report;

import com.numa.core.io.AtomicFiles;
import com.numa.core.log.NumaLog;
import com.numa.core.trace.TraceWriter;
import com.numa.profiler.tracking.ObjectSizes;
import com.numa.profiler.tracking.PendingStores;
import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.ProfilerRuntime;
import com.numa.profiler.tracking.ReferenceFields;
import com.numa.profiler.tracking.SideTable;
import com.numa.profiler.tracking.TraceSink;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records -XX:NUMAProfilerTrace: the run as a com.numa.core.trace stream for numa gc-replay. Called by
 * {@link ProfilerRuntime} on the recording thread, inside its re-entrancy guard; never throws: a failure is reported
 * once and tracing turns off (profiling goes on).
 *
 * <p>Object ids: the owner word has no free bits, so traced objects get an id in a second {@link SideTable} (weak,
 * identity-keyed, bounded), made only when tracing: (the allocating thread's own counter &lt;&lt; 20) | its thread
 * key, so threads never contend for ids. Only objects whose allocation the profiler sees get one.
 *
 * <p>Records go, in the order they are made, through one buffered writer into a file that is unlinked as soon as it
 * is created, so a killed run leaves nothing behind; at exit the stream is copied into place atomically (temp file
 * and rename), so a reader never sees half a trace.
 */
public final class TraceRecorder implements TraceSink {
    /** Bytes HotSpot spends on an object header at most; the replay heap has its own. */
    private static final int HEADER_BYTES = 16;
    private final Path target;
    private final SideTable ids;
    private final ReferenceFields fields;
    private final NumaLog log;
    private final FileChannel channel;
    private final TraceWriter writer;
    private final List<Object[]> liveThreads = new ArrayList<>(); // {key, WeakReference<Thread>}
    private volatile boolean on = true;
    private volatile boolean written;
    private volatile boolean failed;
    private long untracedAccesses;
    private long untracedTargets;
    private long untracedStores;

    private TraceRecorder(Path target, FileChannel channel, SideTable ids, ReferenceFields fields, NumaLog log)
            throws IOException {
        this.target = target;
        this.channel = channel;
        this.ids = ids;
        this.fields = fields;
        this.log = log;
        this.writer = new TraceWriter(new OutputStream() { // the channel stays open until finish() copies it
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }
        });
    }

    /**
     * A recorder writing to {@code file}, or null (after one message) when it cannot be created there; the
     * application and the profiler run on either way.
     */
    public static TraceRecorder open(Path file, int capacity, ReferenceFields fields, NumaLog log) {
        Path target = file.toAbsolutePath();
        FileChannel ch = null;
        try {
            Files.createDirectories(target.getParent());
            Path draft = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".partial");
            ch = FileChannel.open(draft, StandardOpenOption.READ, StandardOpenOption.WRITE);
            Files.delete(draft); // the open channel keeps the data; nothing is left if the JVM is killed
            return new TraceRecorder(target, ch, new SideTable(capacity, 0, true), fields, log);
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            log.once("trace", "cannot record the trace to " + target + " (" + e
                    + "); -XX:NUMAProfilerTrace is off, profiling goes on");
            return null;
        }
    }

    public Path target() {
        return target;
    }

    /** The numbering of reference fields the transformer hands out for this trace. */
    public ReferenceFields fields() {
        return fields;
    }

    boolean on() {
        return on;
    }

    private void fail(Throwable e) {
        if (!failed) {
            failed = true;
            on = false;
            log.once("trace", "trace recording to " + target + " failed (" + e + "); it is off, profiling goes on");
            closeQuietly(channel);
        }
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            if (ch != null) {
                ch.close();
            }
        } catch (IOException ignored) {
            // the data is unlinked already; nothing else to clean up
        }
    }

    /** The trace id of {@code o}, 0 for null or an object the trace does not know. */
    private long idOf(Object o) {
        if (o == null) {
            return 0;
        }
        SideTable.Entry e = ids.lookup(o);
        return e == null ? 0 : e.word;
    }

    private long targetId(Object target) {
        long id = idOf(target);
        if (id == 0 && target != null) {
            untracedTargets++;
        }
        return id;
    }

    @Override
    public synchronized void threadStarted(ProfiledThread t) {
        if (!on) {
            return;
        }
        try {
            endFinishedThreads(false);
            liveThreads.add(new Object[] {t.key, new WeakReference<>(Thread.currentThread())});
            writer.threadStart(t.key, t.node);
        } catch (Throwable e) {
            fail(e);
        }
    }

    /** THREAD_END for threads that have finished (all of them at the end); they record nothing after that. */
    private void endFinishedThreads(boolean all) throws IOException {
        for (Iterator<Object[]> i = liveThreads.iterator(); i.hasNext();) {
            Object[] k = i.next();
            Thread th = ((WeakReference<?>) k[1]).get() instanceof Thread x ? x : null;
            if (all || th == null || !th.isAlive()) {
                writer.threadEnd((Integer) k[0]);
                i.remove();
            }
        }
    }

    @Override
    public void allocated(ProfiledThread t, Object o, int siteId, long bytes) {
        if (!on) {
            return;
        }
        try {
            if (ids.lookup(o) != null) {
                return; // already recorded (an inner array of a MULTIANEWARRAY reached twice)
            }
            long id = (++t.traceObjects << 20) | t.key;
            if (!ids.put(o, id)) {
                return; // the id table is full: the object stays untraced (counted by the table)
            }
            int slots = fields.slots(o);
            long payload = Math.max(0, bytes - HEADER_BYTES - 8L * slots);
            synchronized (this) {
                if (!on) {
                    return;
                }
                writer.alloc(t.key, siteId, id, slots, (int) Math.min(Integer.MAX_VALUE, payload));
                PendingStores pending = t.tracePending;
                if (pending != null) {
                    pending.release(o, (slot, target) -> store(t, id, slot, target));
                }
                if (o instanceof Object[] outer && outer.getClass().getComponentType().isArray()) {
                    for (int i = 0; i < outer.length; i++) { // MULTIANEWARRAY: the JVM stored the inner arrays
                        if (outer[i] != null) {
                            allocated(t, outer[i], siteId, ObjectSizes.arraySize(outer[i]));
                            store(t, id, i, outer[i]);
                        }
                    }
                }
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    private void store(ProfiledThread t, long id, int slot, Object target) {
        try {
            writer.store(t.key, id, slot, targetId(target));
        } catch (IOException e) {
            fail(e);
        }
    }

    @Override
    public void fieldStored(ProfiledThread t, Object o, int fieldId, Object target) {
        if (!on) {
            return;
        }
        try {
            int slot = fields.slot(o, fieldId);
            if (slot < 0) {
                untracedStores++;
                return;
            }
            long id = idOf(o);
            if (id == 0) { // most likely a constructor storing into this: its allocation is recorded when it returns
                PendingStores p = t.tracePending;
                if (p == null) {
                    p = t.tracePending = new PendingStores();
                }
                p.add(o, slot, target);
                return;
            }
            synchronized (this) {
                if (on) {
                    writer.store(t.key, id, slot, targetId(target));
                }
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    public void elementStored(ProfiledThread t, Object array, int index, Object target) {
        if (!on || index < 0 || index >= ((Object[]) array).length) {
            return; // out of bounds: the store throws instead of happening
        }
        try {
            long id = idOf(array);
            synchronized (this) {
                if (id == 0) {
                    untracedStores++;
                } else if (on) {
                    writer.store(t.key, id, index, targetId(target));
                }
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    public synchronized void rootStored(ProfiledThread t, int fieldId, Object target) {
        if (!on) {
            return;
        }
        try {
            writer.root(t.key, fieldId, targetId(target));
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    public void accessed(ProfiledThread t, Object o, boolean write) {
        if (!on) {
            return;
        }
        try {
            long id = idOf(o);
            synchronized (this) {
                if (id == 0) {
                    untracedAccesses++;
                } else if (!on) {
                    return;
                } else if (write) {
                    writer.write(t.key, id);
                } else {
                    writer.read(t.key, id);
                }
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    public synchronized void gc(ProfiledThread t) {
        if (!on) {
            return;
        }
        try {
            endFinishedThreads(false);
            writer.gc(t.key);
        } catch (Throwable e) {
            fail(e);
        }
    }

    /** Facts for summary.json. */
    public synchronized Map<String, Object> summary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", target.toString());
        m.put("written", written);
        m.put("records", writer.records());
        m.put("untraced_accesses", untracedAccesses);
        m.put("untraced_store_targets", untracedTargets);
        m.put("untraced_stores", untracedStores);
        m.put("objects_refused_id_table_full", ids.refused());
        return m;
    }

    /** Ends every thread, writes the end record and puts the trace in place atomically; later events are ignored. */
    public synchronized void finish() {
        if (!on) {
            return;
        }
        try {
            endFinishedThreads(true);
            on = false; // copying runs JDK code that may be instrumented: its hooks must find tracing over
            writer.close();
            long size = channel.size();
            AtomicFiles.writeBytes(target, out -> {
                var sink = Channels.newChannel(out);
                for (long pos = 0; pos < size;) {
                    pos += channel.transferTo(pos, size - pos, sink);
                }
            });
            written = true;
            closeQuietly(channel);
        } catch (Throwable e) {
            fail(e);
        }
    }

    /** Whether the trace file was put in place. */
    public boolean written() {
        return written;
    }
}
