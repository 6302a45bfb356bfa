package com.numa.profiler.tracking;

/**
 * Layout of the 64-bit owner word kept per object (injected field or side-table entry). 0 means "never tagged".
 * <pre>
 *  bits  0-19 owner thread key (0 = unknown)      bits 20-39 allocation-site id (0 = unknown site)
 *  bits 40-46 home node + 1 (0 = unknown)          bit  47    written since allocation
 *  bit  48    shared (a non-owner touched it)      bits 49-60 reads since the last write / READ_TALLY (saturating)
 *  bit  61    its owner changed once (a write by another thread than the last writer)      } kept only under
 *  bit  62    read by a non-owner since the last write                                       } -XX:+NUMAProfilerDiagnose
 *  bit  63    tracked word by word by the sharing diagnosis                                  }
 * </pre>
 * Updates are plain racy stores, as Maxine's header updates: a lost update only blurs a count.
 */
public final class OwnerWords {
    static final int MAX_KEY = (1 << 20) - 1;
    public static final int MAX_SITE = (1 << 20) - 1;
    static final int MAX_NODE = (1 << 7) - 2;
    static final int MAX_READS = (1 << 12) - 1;
    /** One unit of the reads-since-write counter stands for this many reads (one read in 32 is tallied). */
    static final int READ_TALLY = 32;
    private static final long WRITTEN = 1L << 47;
    private static final long SHARED = 1L << 48;
    private static final long OWNER_CHANGED = 1L << 61;
    private static final long READ_BY_OTHER = 1L << 62;
    private static final long TRACKED = 1L << 63;
    /** The reads-since-write counter's bits. */
    private static final long READS = ((long) MAX_READS) << 49;
    /** What a write resets: the counter and the read-by-another-thread bit. */
    private static final long SINCE_WRITE = READS | READ_BY_OTHER;

    private OwnerWords() {
    }

    static long tag(int ownerKey, int siteId, int homeNode) {
        long node = homeNode < 0 || homeNode > MAX_NODE ? 0 : homeNode + 1;
        return (Math.min(ownerKey, MAX_KEY) & 0xFFFFFL) | ((long) (Math.min(siteId, MAX_SITE) & 0xFFFFF) << 20)
                | (node << 40);
    }

    static int owner(long w) {
        return (int) (w & 0xFFFFF);
    }

    static int site(long w) {
        return (int) ((w >>> 20) & 0xFFFFF);
    }

    /** Home node index, or -1 when unknown. */
    static int homeNode(long w) {
        return (int) ((w >>> 40) & 0x7F) - 1;
    }

    static boolean written(long w) {
        return (w & WRITTEN) != 0;
    }

    static boolean shared(long w) {
        return (w & SHARED) != 0;
    }

    static int readsSinceWrite(long w) {
        return (int) ((w & READS) >>> 49);
    }

    static long withOwner(long w, int key) {
        return (w & ~0xFFFFFL) | (Math.min(key, MAX_KEY) & 0xFFFFFL);
    }

    static long withSite(long w, int site) {
        return (w & ~(0xFFFFFL << 20)) | ((long) (Math.min(site, MAX_SITE) & 0xFFFFF) << 20);
    }

    static long markWritten(long w) {
        return (w | WRITTEN) & ~SINCE_WRITE;
    }

    static long markShared(long w) {
        return w | SHARED;
    }

    /** Whether the sharing diagnosis follows this object (or array chunk) word by word. */
    static boolean tracked(long w) {
        return w < 0;
    }

    static long markTracked(long w) {
        return w | TRACKED;
    }

    /** Whether another thread than the owner read the object since its last write (diagnosis only). */
    static boolean readByOtherSinceWrite(long w) {
        return (w & READ_BY_OTHER) != 0;
    }

    static long markReadByOther(long w) {
        return w | READ_BY_OTHER;
    }

    /** Whether a write by another thread than the last writer happened before (diagnosis only). */
    static boolean ownerChanged(long w) {
        return (w & OWNER_CHANGED) != 0;
    }

    static long markOwnerChanged(long w) {
        return w | OWNER_CHANGED;
    }

    static long countRead(long w) {
        int r = readsSinceWrite(w);
        return r >= MAX_READS ? w : w + (1L << 49);
    }
}
