package com.numa.core.trace;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a trace in {@link TraceFormat} version 1. Not thread-safe: a tracer serialises its records (the order of
 * records is the order the replayer performs them). {@link #close} writes the end record; a trace without it is
 * reported as truncated.
 */
public final class TraceWriter implements Closeable {
    private final OutputStream out;
    private long records;
    private boolean closed;

    public TraceWriter(OutputStream out) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        int m = TraceFormat.MAGIC;
        this.out.write(new byte[] {(byte) (m >>> 24), (byte) (m >>> 16), (byte) (m >>> 8), (byte) m,
            (byte) (TraceFormat.VERSION >>> 8), (byte) TraceFormat.VERSION, 0, 0});
    }

    /** Writes any event (the typed methods below are the allocation-free path). */
    public void write(TraceEvent e) throws IOException {
        // Java 17: no pattern switch yet, so an if-chain over the sealed kinds.
        if (e instanceof TraceEvent.ThreadStart s) {
            threadStart(s.thread(), s.node());
        } else if (e instanceof TraceEvent.ThreadEnd s) {
            threadEnd(s.thread());
        } else if (e instanceof TraceEvent.Alloc a) {
            alloc(a.thread(), a.site(), a.object(), a.slots(), a.payloadBytes());
        } else if (e instanceof TraceEvent.Store s) {
            store(s.thread(), s.object(), s.slot(), s.target());
        } else if (e instanceof TraceEvent.Root r) {
            root(r.thread(), r.slot(), r.target());
        } else if (e instanceof TraceEvent.Read r) {
            read(r.thread(), r.object());
        } else if (e instanceof TraceEvent.Write w) {
            write(w.thread(), w.object());
        } else {
            gc(e.thread());
        }
    }

    public void threadStart(int thread, int node) throws IOException {
        tag(TraceFormat.THREAD_START, thread);
        varint(((long) node << 1) ^ ((long) node >> 63));
    }

    public void threadEnd(int thread) throws IOException {
        tag(TraceFormat.THREAD_END, thread);
    }

    public void alloc(int thread, int site, long object, int slots, int payloadBytes) throws IOException {
        tag(TraceFormat.ALLOC, thread);
        varint(site);
        varint(object);
        varint(slots);
        varint(payloadBytes);
    }

    public void store(int thread, long object, int slot, long target) throws IOException {
        tag(TraceFormat.STORE, thread);
        varint(object);
        varint(slot);
        varint(target);
    }

    public void root(int thread, int slot, long target) throws IOException {
        tag(TraceFormat.ROOT, thread);
        varint(slot);
        varint(target);
    }

    public void read(int thread, long object) throws IOException {
        tag(TraceFormat.READ, thread);
        varint(object);
    }

    public void write(int thread, long object) throws IOException {
        tag(TraceFormat.WRITE, thread);
        varint(object);
    }

    public void gc(int thread) throws IOException {
        tag(TraceFormat.GC, thread);
    }

    /** Records written so far. */
    public long records() {
        return records;
    }

    private void tag(int tag, int thread) throws IOException {
        if (closed) {
            throw new IOException("trace writer is closed");
        }
        out.write(tag);
        varint(thread);
        records++;
    }

    private void varint(long v) throws IOException {
        if (v < 0) {
            throw new IllegalArgumentException("trace fields are non-negative; got " + v);
        }
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** Writes the end record and closes the stream. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        out.write(TraceFormat.END);
        varint(records);
        closed = true;
        out.close();
    }
}
