package com.numa.core.trace;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a trace written by {@link TraceWriter}. Every malformed input ends in one {@link TraceFormatException} whose
 * message says what is wrong and where: not a trace (magic), another version, a record cut short, a missing end
 * record (a file truncated at a record boundary), an unknown record tag.
 */
public final class TraceReader implements Closeable {
    private final InputStream in;
    private final String source;
    private long records;
    private long offset;
    private boolean ended;

    public TraceReader(InputStream in, String source) throws IOException {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.source = source;
        byte[] h = new byte[8];
        int n = this.in.readNBytes(h, 0, 8);
        offset = n;
        int magic = n < 4 ? -1 : ((h[0] & 0xFF) << 24) | ((h[1] & 0xFF) << 16) | ((h[2] & 0xFF) << 8) | (h[3] & 0xFF);
        if (magic != TraceFormat.MAGIC) {
            throw new TraceFormatException(source + " is not a numa-jvm GC trace (it does not start with \"NGCT\")");
        }
        if (n < 8) {
            throw new TraceFormatException(source + " is truncated: its header is " + n + " of 8 bytes");
        }
        int version = ((h[4] & 0xFF) << 8) | (h[5] & 0xFF);
        if (version != TraceFormat.VERSION) {
            throw new TraceFormatException(source + " is trace format version " + version + "; this numa-jvm reads "
                    + "version " + TraceFormat.VERSION + " only (re-record the trace with this version)");
        }
    }

    /** Opens a trace file. */
    public static TraceReader open(Path file) throws IOException {
        return new TraceReader(Files.newInputStream(file), file.toString());
    }

    /** The next event, or null after the end record. */
    public TraceEvent next() throws IOException {
        if (ended) {
            return null;
        }
        long tagOffset = offset;
        int tag = in.read();
        offset++;
        if (tag < 0) {
            throw new TraceFormatException(source + " is truncated: it ends after " + records
                    + " records without its end record");
        }
        if (tag == TraceFormat.END) {
            long count = varint();
            if (count != records) {
                throw new TraceFormatException(source + " is damaged: its end record counts " + count
                        + " records but " + records + " were read");
            }
            ended = true;
            return null;
        }
        int thread = (int) varint();
        TraceEvent e = switch (tag) {
            case TraceFormat.THREAD_START -> {
                long z = varint();
                yield new TraceEvent.ThreadStart(thread, (int) ((z >>> 1) ^ -(z & 1)));
            }
            case TraceFormat.THREAD_END -> new TraceEvent.ThreadEnd(thread);
            case TraceFormat.ALLOC -> new TraceEvent.Alloc(thread, (int) varint(), varint(), (int) varint(),
                    (int) varint());
            case TraceFormat.STORE -> new TraceEvent.Store(thread, varint(), (int) varint(), varint());
            case TraceFormat.ROOT -> new TraceEvent.Root(thread, (int) varint(), varint());
            case TraceFormat.READ -> new TraceEvent.Read(thread, varint());
            case TraceFormat.WRITE -> new TraceEvent.Write(thread, varint());
            case TraceFormat.GC -> new TraceEvent.Gc(thread);
            default -> throw new TraceFormatException(source + " is damaged: unknown record tag " + tag
                    + " at byte " + tagOffset);
        };
        records++;
        return e;
    }

    /** Records read so far. */
    public long records() {
        return records;
    }

    private long varint() throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            offset++;
            if (b < 0) {
                throw new TraceFormatException(source + " is truncated: record " + (records + 1)
                        + " is cut short at byte " + (offset - 1));
            }
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new TraceFormatException(source + " is damaged: a varint longer than 64 bits at byte " + offset);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
