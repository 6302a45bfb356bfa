package com.numa.core.trace;

/**
 * The binary trace format, version 1 (documented in docs/trace-format.md). A file is a header, records, and an end
 * record:
 * <pre>
 * header : magic "NGCT" (4 bytes) | version (u16, big-endian) | reserved (u16, 0)
 * record : tag (1 byte) | fields as unsigned LEB128 varints (node as zigzag varint)
 * end    : tag END | record count (varint)
 * </pre>
 * The end record lets a reader tell a complete trace from one cut at a record boundary.
 */
public final class TraceFormat {
    /** "NGCT": numa-jvm GC trace (the name it had in com.numa.gc; the format is unchanged). */
    public static final int MAGIC = 0x4E474354;
    /** The one version this code writes and reads. */
    public static final int VERSION = 1;

    static final int THREAD_START = 1;
    static final int THREAD_END = 2;
    static final int ALLOC = 3;
    static final int STORE = 4;
    static final int ROOT = 5;
    static final int READ = 6;
    static final int WRITE = 7;
    static final int GC = 8;
    static final int END = 0x7F;

    private TraceFormat() {
    }
}
