package com.numa.profiler.tracking;

/**
 * One thread's counted accesses as cells: one counter per distinct kind of access, keyed by the owner and site of the
 * object's word and by what the access was (read or write, shared, predicted remote, to an object already shared,
 * through the side table). A counted access adds its weight to one cell instead of updating a dozen counters (the
 * thread's totals, its row of the owner matrix, the site's counts and the site's sharing pairs); those counters are
 * derived from the cells when a report is made ({@link #fold}), so they are exactly what per-access updates gave.
 *
 * <p>The table is open-addressed, interleaved {@code key, count} in one {@code long[]} (a reporter reading it racily
 * sees one array, never keys of one and counts of another); only the owning thread writes it. The thread remembers
 * the last cell it used: loops over one object, or over objects of one site and owner, hit it without hashing.
 */
final class AccessCells {
    /** Key bits 0-39: the owner key and site id exactly where the owner word keeps them (see OwnerWords). */
    private static final long OWNER_AND_SITE = (1L << 40) - 1;
    static final long WRITE = 1L << 40;
    /** Accessed by another thread than its owner. */
    static final long SHARED = 1L << 41;
    static final long REMOTE = 1L << 42;
    /** The object was shared already (or this access shares it). */
    static final long SHARED_OBJECT = 1L << 43;
    static final long SIDE_TABLE = 1L << 44;
    /** Set in every key, so that no key is 0 (an empty slot). */
    private static final long USED = 1L << 45;
    private static final int INITIAL_SLOTS = 64;

    private AccessCells() {
    }

    /**
     * The cell key of an access to an object whose word is {@code word} by the thread with key {@code accessor} on
     * node {@code node}. Unknown owners (owner 0) keep only the read/write and side-table bits: nothing else is counted
     * for them.
     */
    static long key(long word, int accessor, boolean write, int node, boolean viaSideTable) {
        long k = USED | (write ? WRITE : 0) | (viaSideTable ? SIDE_TABLE : 0);
        int owner = OwnerWords.owner(word);
        if (owner == 0) {
            return k;
        }
        boolean shared = owner != accessor;
        k |= word & OWNER_AND_SITE;
        if (shared) {
            k |= SHARED | SHARED_OBJECT;
        } else if (OwnerWords.shared(word)) {
            k |= SHARED_OBJECT;
        }
        if (AccessClassifier.predictedRemote(word, node)) {
            k |= REMOTE;
        }
        return k;
    }

    /** Adds {@code weight} to the cell {@code key} of thread {@code t}. */
    static void add(ProfiledThread t, long key, long weight) {
        long[] cells = t.cells;
        if (key == t.lastCellKey) {
            cells[t.lastCell + 1] += weight;
            return;
        }
        int i = slot(key, cells.length);
        if (cells[i] == key) {
            cells[i + 1] += weight;
            t.lastCellKey = key;
            t.lastCell = i;
            return;
        }
        addSlow(t, key, weight);
    }

    /** First slot to probe for {@code key} in a table of {@code length} longs (pairs). */
    private static int slot(long key, int length) {
        // the key's bits 32-45 (site and flags) are folded down first: the high half of the product depends on every
        // bit below it, so keys that differ only in a flag or in the site's high bits do not share a slot
        long h = (key ^ (key >>> 32)) * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & (length - 2);
    }

    private static void addSlow(ProfiledThread t, long key, long weight) {
        long[] cells = t.cells;
        int mask = cells.length - 2;
        int i = slot(key, cells.length);
        while (cells[i] != 0 && cells[i] != key) {
            i = (i + 2) & mask;
        }
        if (cells[i] == 0) {
            if (owner(key) != 0) {
                t.site(site(key)); // the reporter folds into the thread's own site counters and never makes them
            }
            if ((t.cellCount + 1) * 4 > cells.length) { // keep pairs at most half full
                cells = grow(t);
                mask = cells.length - 2;
                i = slot(key, cells.length);
                while (cells[i] != 0) {
                    i = (i + 2) & mask;
                }
            }
            cells[i + 1] = weight; // the count before the key: a racy reader never sees a key with another's count
            cells[i] = key;
            t.cellCount++;
        } else {
            cells[i + 1] += weight;
        }
        t.lastCellKey = key;
        t.lastCell = i;
    }

    private static long[] grow(ProfiledThread t) {
        long[] old = t.cells;
        long[] cells = new long[old.length * 2];
        int mask = cells.length - 2;
        for (int j = 0; j < old.length; j += 2) {
            if (old[j] != 0) {
                int i = slot(old[j], cells.length);
                while (cells[i] != 0) {
                    i = (i + 2) & mask;
                }
                cells[i] = old[j];
                cells[i + 1] = old[j + 1];
            }
        }
        t.cells = cells;
        t.lastCellKey = 0;
        return cells;
    }

    static long[] empty() {
        return new long[INITIAL_SLOTS * 2];
    }

    static int owner(long key) {
        return OwnerWords.owner(key);
    }

    static int site(long key) {
        return OwnerWords.site(key);
    }

    /**
     * Derives thread {@code t}'s access counters (totals, owner row, and the access counts and sharing pairs of its
     * sites) from its cells, replacing what they held. Called by the reporter (one at a time), racing with the thread:
     * it writes only fields the thread no longer writes, and into the thread's site counters only (the thread makes
     * the counters of a site before its first cell there).
     */
    static void fold(ProfiledThread t) {
        long[] cells = t.cells;
        long reads = 0;
        long writes = 0;
        long sharedReads = 0;
        long sharedWrites = 0;
        long unknownReads = 0;
        long unknownWrites = 0;
        long remote = 0;
        long sideTable = 0;
        java.util.TreeMap<Integer, Long> byOwner = new java.util.TreeMap<>();
        SiteCounters[] sites = new SiteCounters[t.sites.length];
        for (int j = 0; j < cells.length; j += 2) {
            long key = cells[j];
            long n = cells[j + 1];
            if (key == 0 || n == 0) {
                continue;
            }
            boolean write = (key & WRITE) != 0;
            boolean shared = (key & SHARED) != 0;
            if (write) {
                writes += n;
            } else {
                reads += n;
            }
            if ((key & SIDE_TABLE) != 0) {
                sideTable += n;
            }
            int owner = owner(key);
            byOwner.merge(owner, n, Long::sum);
            if (owner == 0) {
                if (write) {
                    unknownWrites += n;
                } else {
                    unknownReads += n;
                }
                continue;
            }
            int id = site(key);
            if (id >= sites.length) {
                sites = java.util.Arrays.copyOf(sites, id + 1);
            }
            SiteCounters s = sites[id];
            if (s == null) {
                s = sites[id] = new SiteCounters();
            }
            if ((key & REMOTE) != 0) {
                remote += n;
                s.predictedRemote += n;
            }
            boolean sharedObject = (key & SHARED_OBJECT) != 0;
            if (write) {
                s.writes += n;
                if (shared) {
                    sharedWrites += n;
                    s.sharedWrites += n;
                }
                if (sharedObject) {
                    s.writesAfterPublication += n;
                }
            } else {
                s.reads += n;
                if (shared) {
                    sharedReads += n;
                    s.sharedReads += n;
                }
                if (sharedObject) {
                    s.readsOfSharedObjects += n;
                }
            }
            if (shared) {
                s.countSharer(owner, n);
            }
        }
        t.reads = reads;
        t.writes = writes;
        t.sharedReads = sharedReads;
        t.sharedWrites = sharedWrites;
        t.unknownOwnerReads = unknownReads;
        t.unknownOwnerWrites = unknownWrites;
        t.predictedRemote = remote;
        t.sideTableAccesses = sideTable;
        t.byOwner = OwnerCounts.of(byOwner);
        SiteCounters[] mine = t.sites;
        for (int id = 0; id < mine.length; id++) {
            SiteCounters c = mine[id];
            if (c != null) {
                SiteCounters d = id < sites.length ? sites[id] : null;
                c.setAccessCounts(d == null ? new SiteCounters() : d);
            }
        }
    }
}
