package com.numa.profiler.tracking;

import com.numa.core.log.NumaLog;
import com.numa.profiler.rt.AccessSink;
import com.numa.profiler.sharing.SharingTracker;

/**
 * The sink behind {@link com.numa.profiler.rt.Hooks}: finds the object's owner word (injected field or side table),
 * classifies the access, counts it for the accessing thread and updates the word. Every hook runs inside one guard
 * ({@link #guarded}): never on a thread where a hook already runs, and never throwing into the application: an
 * internal failure is reported once and turns the hooks off. The threads' states are {@link ProfiledThreads}'s, the
 * arrays whose tags wait for a sampled access {@link DeferredArrays}'.
 */
public final class ProfilerRuntime implements AccessSink, HookHold {
    private final AccessClassifier classifier;
    private final ProfiledThreads threads;
    private final SideTable sideTable;
    private final StaticStorage statics = new StaticStorage();
    private final NumaLog log;
    private final int sampling;
    /** Null unless -XX:NUMAProfilerTrace is set: then every hook below also records into the trace. */
    private final TraceSink trace;
    private volatile WindowEvents window;
    private final HeaderWordAccess words;
    /** What was learnt of each class met at allocation or access. */
    private final KnownClasses classes;
    /** Null unless -XX:NUMAProfilerSiteDepth > 1: then allocation sites carry their callers. */
    private AllocationStacks stacks;
    /** The owner ids of the word hooks (null: none, their offsets are then all unknown). */
    private OwnerIds owners;
    /** The instance size of the objects each word-hooked allocation site makes, by site id. */
    private final java.util.concurrent.ConcurrentHashMap<Integer, Long> siteSizes =
            new java.util.concurrent.ConcurrentHashMap<>();
    /** Null unless -XX:+NUMAProfilerDiagnose: then write-shared objects are handed to the diagnosis. */
    private SharingHandOff sharing;
    /** Null unless sampled mode defers arrays ({@link #deferArrays}): arrays then enter the side table at allocation. */
    private DeferredArrays deferred;
    private volatile boolean failed;
    /** Hooks that ran out of stack and skipped their access (the application's own frames had used it up). */
    private volatile long stackOverflows;

    public ProfilerRuntime(AccessClassifier classifier, SideTable sideTable, NodeLocator nodes, ObjectSizes sizes,
            NumaLog log, int sampling, int nodeRefresh, TraceSink trace, HeaderWordAccess words) {
        this.words = words;
        this.trace = trace;
        this.classifier = classifier;
        this.sideTable = sideTable;
        this.classes = new KnownClasses(sizes, words);
        this.log = log;
        this.sampling = sampling;
        this.threads = new ProfiledThreads(nodes, log, sampling, nodeRefresh, trace);
    }

    /**
     * Initialises everything a hook may need (JNA, our own classes, the classes the thread-role rule resolves) on the
     * calling thread, before any hook runs: the first hook on any other thread then loads nothing.
     */
    public void warmUp() {
        ProfiledThread t = enter();
        if (t != null) {
            t.busy = false;
        }
        words.offset(ProfilerRuntime.class);
        new SiteCounters().add(new SiteCounters());
        classifier.next(OwnerWords.tag(1, 0, 0), 2, true, false);
        AccessCells.key(OwnerWords.tag(1, 0, 0), 2, false, 0, false);
        sideTable.lookup(this);
        if (deferred != null && t != null) {
            Object[] probe = new Object[1];
            tag(t, probe, 0, 0, false);
            deferred.adopt(t, probe, System.identityHashCode(probe), sideTable);
            deferred.resetMet();
        }
        classes.warmUp();
        if (stacks != null) {
            stacks.warmUp();
        }
    }

    /** Hands write-shared objects and their accesses to {@code tracker} (before {@link #install}). */
    public void diagnose(SharingTracker tracker) {
        this.sharing = new SharingHandOff(tracker);
    }

    /** Makes this the sink of the hooks. */
    public void install() {
        com.numa.profiler.rt.Hooks.setSampling(sampling);
        com.numa.profiler.rt.Hooks.install(this);
        // Both classes the rewritten code calls are loaded now. Loaded classes are retransformed in one batch, so the
        // first rewritten JDK code may run outside the transformer; a hook class loaded there would go through the
        // transformer, whose own use of rewritten JDK code (ImmutableCollections) calls that class:
        // ClassCircularityError in the agent's start.
        try {
            Class.forName(com.numa.profiler.rt.WordHooks.class.getName(), true,
                    com.numa.profiler.rt.WordHooks.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the hook runtime is incomplete: " + e, e);
        }
    }

    /** Instances whose fields no instrumented code can reach stay out of the side table; before {@link #install()}. */
    public void useFieldReach(FieldReachability reach) {
        classes.useFieldReach(reach);
    }

    /**
     * Sampled mode: arrays get their side-table entry when a sampled access first meets them, not at allocation; each
     * thread remembers its arrays' tags in a direct-mapped table of up to {@code perThread} slots (a power of two), see
     * DeferredTags. Before {@link #install()}.
     */
    public void deferArrays(int perThread) {
        this.deferred = new DeferredArrays(perThread);
    }

    /** Arrays met by a sampled access before they had an entry: {tag found, tag not found (unknown owner)}. */
    public long[] deferredArrays() {
        return deferred == null ? new long[2] : deferred.metAndUnknown();
    }

    /** Deferred tags forgotten because their thread's generation filled up (whether the arrays were alive or not). */
    public long deferredDropped() {
        return deferred == null ? 0 : deferred.dropped();
    }

    /** Allocation sites carry the calling frames (-XX:NUMAProfilerSiteDepth > 1); before {@link #install()}. */
    public void useAllocationStacks(AllocationStacks s) {
        this.stacks = s;
    }

    public void attach(WindowEvents w) {
        this.window = w;
    }

    public ThreadInventory inventory() {
        return threads.inventory();
    }

    public SideTable sideTable() {
        return sideTable;
    }

    public int sampling() {
        return sampling;
    }

    /** Whether allocation counts are sampled and scaled, as {@link #allocationWeight} counts them. */
    public boolean allocationsSampled() {
        return sampling > 1 && sharing == null;
    }

    public boolean failed() {
        return failed;
    }

    public long stackOverflows() {
        return stackOverflows;
    }

    /** The profiler's own threads (exit, dumps) call this first: their accesses are not the application's. */
    public void ignoreCallingThread() {
        threads.ignoreCallingThread();
    }

    /** Holds the calling thread as a running hook does: hooks that meet it return at once ({@link HookHold}). */
    @Override
    public boolean hold() {
        return enter() != null;
    }

    @Override
    public void release() {
        threads.current().busy = false;
    }

    /**
     * The calling thread's state, or null while a hook already runs on it (re-entry), while its state is being
     * created, after a failure, or when the hook itself has no stack left.
     */
    private ProfiledThread enter() {
        if (failed) {
            return null;
        }
        ProfiledThread t;
        try {
            t = threads.current();
            if (t.busy) {
                return null;
            }
            t.busy = true;
        } catch (Throwable e) {
            failed(e);
            return null;
        }
        try {
            threads.initialize(t);
            return t;
        } catch (Throwable e) {
            t.busy = false;
            failed(e);
            return null;
        }
    }

    /** The hooks, as {@link #guarded} runs them. */
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int READ_ELEMENT = 2;
    private static final int WRITE_ELEMENT = 3;
    private static final int READ_STATIC = 4;
    private static final int WRITE_STATIC = 5;
    private static final int WORD = 6;
    private static final int OWNER_OFFSET = 7;
    private static final int SITE_OFFSET = 8;
    private static final int THREAD_BITS = 9;
    private static final int OBJECT_MADE = 10;
    private static final int ALLOCATED = 11;
    private static final int PRIMITIVE_ARRAY = 12;
    private static final int FIELD_STORED = 13;
    private static final int ELEMENT_STORED = 14;
    private static final int ROOT_STORED = 15;
    private static final int GC = 16;

    /**
     * The one guard of every hook: runs {@code hook} on the calling thread's state held busy (its own accesses, and
     * those of the JDK code it runs, are not profiled), and reports a failure instead of throwing it. Answers the
     * hook's answer, or {@code value} when it does not run (re-entered, after a failure) or fails. The hook's
     * arguments: objects {@code o} and {@code target}, ints {@code i} and {@code j}, and {@code value}. A switch, not
     * lambdas: a lambda's first use links an invokedynamic, which runs (maybe instrumented) JDK code before the thread
     * is held.
     */
    private long guarded(int hook, Object o, Object target, int i, int j, long value) {
        ProfiledThread t = enter();
        if (t == null) {
            return value;
        }
        try {
            switch (hook) {
                case READ -> access(t, o, 0, i, false, false);
                case WRITE -> access(t, o, 0, i, true, false);
                case READ_ELEMENT -> access(t, o, i, -1, false, true);
                case WRITE_ELEMENT -> access(t, o, i, -1, true, true);
                case READ_STATIC -> staticAccess(t, i, false);
                case WRITE_STATIC -> staticAccess(t, i, true);
                case WORD -> {
                    return accessedWord(t, value, j != 0);
                }
                case OWNER_OFFSET -> {
                    return ownerOffset(i, o);
                }
                case SITE_OFFSET -> {
                    return siteOffset(t, i, o);
                }
                case THREAD_BITS -> {
                    return bits(t);
                }
                case OBJECT_MADE -> countAllocation(t, i, false, j, value);
                case ALLOCATED -> allocated(t, o, i);
                case PRIMITIVE_ARRAY -> primitiveArrayMade(t, i, j, value);
                case FIELD_STORED -> trace.fieldStored(t, o, i, target);
                case ELEMENT_STORED -> trace.elementStored(t, o, i, target);
                case ROOT_STORED -> trace.rootStored(t, i, target);
                default -> trace.gc(t);
            }
        } catch (Throwable e) {
            failed(e);
        } finally {
            t.busy = false;
        }
        return value;
    }

    /**
     * A hook that ran out of stack skips its access: the application's own frames used it up, and the application may
     * expect (and catch) the overflow of its own next call, not one inside the profiler. Anything else is an internal
     * failure.
     */
    private void failed(Throwable e) {
        if (e instanceof StackOverflowError) {
            stackOverflows++;
            return;
        }
        fail(e);
    }

    private void fail(Throwable e) {
        failed = true;
        com.numa.profiler.rt.Hooks.setActive(false);
        log.once("internal", "internal failure, profiling turned off: " + e);
    }


    @Override
    public void read(Object o) {
        guarded(READ, o, null, -1, 0, 0);
    }

    @Override
    public void write(Object o) {
        guarded(WRITE, o, null, -1, 0, 0);
    }

    @Override
    public void readField(Object o, int fieldId) {
        guarded(READ, o, null, fieldId, 0, 0);
    }

    @Override
    public void writeField(Object o, int fieldId) {
        guarded(WRITE, o, null, fieldId, 0, 0);
    }

    @Override
    public void readArray(Object array, int index) {
        guarded(READ_ELEMENT, array, null, index, 0, 0);
    }

    @Override
    public void writeArray(Object array, int index) {
        guarded(WRITE_ELEMENT, array, null, index, 0, 0);
    }

    /**
     * A counted access (every access, or the sampled one in N) to a field of {@code o} (named by {@code fieldId} under
     * diagnosis, else -1), or to element {@code index} of an array: arrays never carry the injected word, so they skip
     * the type check.
     */
    private void access(ProfiledThread t, Object o, int index, int fieldId, boolean write, boolean array) {
        int node = threads.node(t);
        long at = array ? HeaderWordAccess.NONE : classes.wordOffset(t, o);
        if (at != HeaderWordAccess.NONE) {
            long word = HeaderWordAccess.get(o, at);
            if (word == 0) {
                // Made by code we do not see (reflection, clone of an untagged object, deserialization) or still in
                // its constructor before our allocation hook: the first toucher is taken as the allocator.
                word = OwnerWords.tag(t.key, 0, node);
            }
            long next = count(t, word, write, node, false);
            if (sharing != null) {
                next = sharing.diagnosed(t, o, index, fieldId, word, next, write, false, node);
            }
            if (next != word) {
                HeaderWordAccess.set(o, at, next);
            }
        } else {
            viaSideTable(t, o, index, fieldId, write, array, node);
        }
        if (trace != null) {
            trace.accessed(t, o, write);
        }
    }

    /** An access to element {@code index} (0 for fields) of an object without the injected word. */
    private void viaSideTable(ProfiledThread t, Object o, int index, int fieldId, boolean write, boolean array,
            int node) {
        SideTable.Entry e = t.lastEntry;
        if (e == null || !e.refersTo(o)) { // loops over one or two arrays hit the two-entry cache
            SideTable.Entry p = t.previousEntry;
            e = p != null && p.refersTo(o) ? p : cachedLookup(t, o);
            if (e != null) {
                t.previousEntry = t.lastEntry;
                t.lastEntry = e;
            }
        }
        if (e == null || e.absent()) {
            count(t, 0, write, node, true);
            return;
        }
        int chunk = e.chunkOf(index);
        if (chunk == 0) {
            long word = e.word;
            long next = count(t, word, write, node, true);
            if (sharing != null) {
                next = sharing.diagnosed(t, o, index, fieldId, word, next, write, array, node);
            }
            if (next != word) {
                e.word = next;
                followNeighbours(e, chunk, word, next);
            }
        } else if (chunk > 0) {
            long[] words = e.chunkWords();
            long word = words[chunk];
            long next = count(t, word, write, node, true);
            if (sharing != null) {
                next = sharing.diagnosed(t, o, index, fieldId, word, next, write, array, node);
            }
            if (next != word) {
                words[chunk] = next;
                followNeighbours(e, chunk, word, next);
            }
        } // else the index is out of bounds: the access throws instead of happening
    }

    /**
     * When the diagnosis starts following a chunk of an array, the chunks around it are followed too: the diagnosis
     * places the array at every 8-byte position in a cache line, so a line of this chunk also holds elements of its
     * neighbours (the last ones of the chunk before, the first ones of the chunk after), which a thread may write
     * without that chunk ever being shared by itself.
     */
    private void followNeighbours(SideTable.Entry e, int chunk, long before, long after) {
        if (e.chunkShift < 0 || !OwnerWords.tracked(after) || OwnerWords.tracked(before)) {
            return;
        }
        long[] words = e.chunkWords();
        int reach = sideTable.neighbourChunks();
        for (int k = Math.max(0, chunk - reach); k <= Math.min(words.length - 1, chunk + reach); k++) {
            if (k == 0 && chunk != 0) {
                e.word = OwnerWords.markTracked(e.word);
            } else if (k != chunk) {
                words[k] = OwnerWords.markTracked(words[k]);
            }
        }
    }

    /**
     * The side-table entry of {@code o} through the thread's direct-mapped cache of entries (code walking a few dozen
     * arrays, such as a tree's nodes, finds them there instead of in the shared table's large arrays), an absent
     * marker ({@link SideTable.Entry#absent}), or null.
     */
    private SideTable.Entry cachedLookup(ProfiledThread t, Object o) {
        int h = System.identityHashCode(o);
        SideTable.Entry[] cache = t.entries;
        int i = h & (ProfiledThread.ENTRY_CACHE - 1);
        SideTable.Entry e = cache[i];
        if (e == null || !e.refersTo(o)) {
            e = sideTable.lookup(o, h);
            if (e == null && o.getClass().isArray()) {
                // sampled: the first sampled access makes the entry; full: the array never had one (made by code we
                // do not see, or refused by a full table), and the thread remembers that instead of searching again
                e = deferred != null ? deferred.adopt(t, o, h, sideTable) : SideTable.Entry.absent(o);
            }
            if (e != null) {
                cache[i] = e;
            }
        }
        return e;
    }


    private void staticAccess(ProfiledThread t, int classId, boolean write) {
        int node = threads.node(t);
        long word = statics.word(classId);
        if (word == 0) {
            word = OwnerWords.tag(t.key, classId, node); // statics belong to whoever touches them first
        }
        long next = count(t, word, write, node, false);
        if (next != word) {
            statics.setWord(classId, next);
        }
    }

    /**
     * Counts one (possibly sampled) access and returns the updated word: one cell of the thread's (see AccessCells),
     * plus, for a write to an object already shared, the reads it follows (the one counter that is a sum of the
     * word's tally, not a count of accesses).
     */
    long count(ProfiledThread t, long word, boolean write, int node, boolean viaSideTable) {
        long weight = sampling;
        long key = AccessCells.key(word, t.key, write, node, viaSideTable);
        AccessCells.add(t, key, weight);
        if (OwnerWords.owner(word) == 0) {
            return word;
        }
        if (write) {
            if ((key & AccessCells.SHARED_OBJECT) != 0) {
                t.site(OwnerWords.site(word)).readsFollowedByWrite +=
                        (long) OwnerWords.readsSinceWrite(word) * OwnerWords.READ_TALLY * weight;
            }
            return classifier.next(word, t.key, true, false);
        }
        return classifier.next(word, t.key, false, (++t.readTally & (OwnerWords.READ_TALLY - 1)) == 0);
    }

    /** Sampled mode's word hooks look owner classes up by their ids here. */
    public void useOwnerIds(OwnerIds ids) {
        this.owners = ids;
    }

    /*
     * The sink of WordHooks (sampled mode without trace or diagnosis): the application's code reads and writes the
     * header word, the profiler counts it. A mode that needs the object (a trace, stacks of allocation sites, the
     * diagnosis) answers -1 to the offset lookups, so the hooks pass the object as before.
     */

    @Override
    public long accessedWord(long word, boolean write) {
        return guarded(WORD, null, null, 0, write ? 1 : 0, word);
    }

    private long accessedWord(ProfiledThread t, long word, boolean write) {
        int node = threads.node(t);
        // 0: made by code we do not see, or still in its constructor (see access)
        return count(t, word == 0 ? OwnerWords.tag(t.key, 0, node) : word, write, node, false);
    }

    /** Whether the word hooks may keep objects to themselves: nothing needs to see the object. */
    private boolean wordHooksAllowed() {
        return trace == null && sharing == null && stacks == null && sampling > 1;
    }

    /*
     * The word hooks' questions are answered inside the guard too: the lookups run code that may be instrumented (JDK
     * classes under -XX:+NUMAProfilerInstrumentJDK). 0 when re-entered (the word hooks ask again later) or on a failure.
     */

    @Override
    public int ownerWordOffset(int ownerId, Object o) {
        return (int) guarded(OWNER_OFFSET, o, null, ownerId, 0, 0);
    }

    @Override
    public int siteWordOffset(int siteId, Object o) {
        return (int) guarded(SITE_OFFSET, o, null, siteId, 0, 0);
    }

    @Override
    public int threadBits() {
        return (int) guarded(THREAD_BITS, null, null, 0, 0, 0);
    }

    private int ownerOffset(int ownerId, Object o) {
        OwnerIds ids = owners;
        Class<?> owner = ids == null || !wordHooksAllowed() ? null : ids.find(ownerId, o.getClass());
        return owner == null ? -1 : offsetOrNone(owner);
    }

    private int siteOffset(ProfiledThread t, int siteId, Object o) {
        Class<?> c = o.getClass();
        if (!wordHooksAllowed() || c.isArray()) {
            return -1;
        }
        int at = offsetOrNone(c);
        if (at > 0) {
            siteSizes.putIfAbsent(siteId, classes.allocatedClass(t, o).size);
        } else if (!classes.allocatedClass(t, o).sizeTracked) {
            // For good: should a class of its chain be instrumented later (see FieldReach), the site's objects stay
            // out of the side table, as those made before already are, and its few hooks find them of unknown owner.
            siteSizes.putIfAbsent(siteId, t.size);
            return com.numa.profiler.rt.AccessSink.COUNT_ONLY;
        }
        return at;
    }

    private int offsetOrNone(Class<?> c) {
        long at = words.offset(c);
        return at <= 0 || at > Integer.MAX_VALUE ? -1 : (int) at;
    }

    /** WordHooks' owner bits: the owner key and home node + 1 of the thread's tag, packed into an int. */
    private int bits(ProfiledThread t) {
        long tag = OwnerWords.tag(t.key, 0, threads.node(t));
        return OwnerWords.owner(tag) | (int) (tag >>> 40 & 0x7F) << 20;
    }

    @Override
    public void objectMade(int siteId, int weight) {
        Long size = siteSizes.get(siteId);
        if (size != null) {
            guarded(OBJECT_MADE, null, null, siteId, weight, size * weight);
        }
    }

    @Override
    public void readStatic(int classId) {
        guarded(READ_STATIC, null, null, classId, 0, 0);
    }

    @Override
    public void writeStatic(int classId) {
        guarded(WRITE_STATIC, null, null, classId, 0, 0);
    }

    @Override
    public void allocated(Object o, int siteId) {
        guarded(ALLOCATED, o, null, siteId, 0, 0);
    }

    private void allocated(ProfiledThread t, Object o, int siteId) {
        if (stacks != null) {
            siteId = stacks.siteFor(siteId);
        }
        tag(t, o, siteId, threads.node(t), com.numa.profiler.rt.Hooks.isActive());
        if (trace != null) {
            trace.allocated(t, o, siteId, shallowSize(t, o));
        }
    }

    private void tag(ProfiledThread t, Object o, int siteId, int node, boolean counting) {
        boolean array = o.getClass().isArray();
        long at = array ? HeaderWordAccess.NONE : classes.wordOffset(t, o);
        if (at != HeaderWordAccess.NONE) {
            // Keep the word if the constructor already touched the object (the first touch tagged it with no site).
            long w = HeaderWordAccess.get(o, at);
            HeaderWordAccess.set(o, at, w == 0 ? OwnerWords.tag(t.key, siteId, node) : OwnerWords.withSite(w, siteId));
        } else if (array ? sideTable.tracks(o) : classes.allocatedClass(t, o).sizeTracked) {
            long word = OwnerWords.tag(t.key, siteId, node);
            if (array && deferred != null) {
                deferred.put(t, o, word); // the first sampled access finds this tag
            } else {
                sideTable.putNew(o, word); // a new object: the table cannot know it yet
            }
        }
        long weight = counting ? allocationWeight(t) : 0;
        if (weight > 0) {
            countAllocation(t, siteId, array, weight, shallowSize(t, o) * weight);
        }
        if (array && o instanceof Object[] outer && outer.getClass().getComponentType().isArray()) {
            for (Object inner : outer) { // MULTIANEWARRAY: the inner arrays come from the same site
                if (inner != null) {
                    tag(t, inner, siteId, node, counting);
                }
            }
        }
    }

    /** {@code weight} allocations of {@code bytes} in all, made by {@code t} at {@code siteId}. */
    private static void countAllocation(ProfiledThread t, int siteId, boolean array, long weight, long bytes) {
        if (array) {
            t.arrayAllocations += weight;
            t.arrayBytes += bytes;
        } else {
            t.objectAllocations += weight;
            t.objectBytes += bytes;
        }
        SiteCounters s = t.site(siteId);
        s.allocations += weight;
        s.allocatedBytes += bytes;
    }

    /**
     * A primitive array that no hook will ever access (see Hooks#primitiveArrayMade): counted while profiling is on,
     * as {@code weight} allocations; it needs no tag.
     */
    @Override
    public void primitiveArrayMade(int length, int siteAndScale, int weight) {
        if (com.numa.profiler.rt.Hooks.isActive()) {
            guarded(PRIMITIVE_ARRAY, null, null, length, siteAndScale, weight);
        }
    }

    private void primitiveArrayMade(ProfiledThread t, int length, int siteAndScale, long weight) {
        int siteId = siteAndScale >>> 2;
        if (stacks != null) {
            siteId = stacks.siteFor(siteId);
        }
        long bytes = ObjectSizes.arraySize(1 << (siteAndScale & 3), length);
        countAllocation(t, siteId, true, weight, bytes * weight);
    }

    /** The size of new object {@code o}: an array's from its length, an instance's from its class's facts. */
    private long shallowSize(ProfiledThread t, Object o) {
        return o.getClass().isArray() ? ObjectSizes.arraySize(o) : classes.allocatedClass(t, o).size;
    }

    /**
     * How many allocations this one stands for in the counts: each one without sampling; with sampling, N for the one
     * in N that is counted and 0 for the others (they are tagged all the same), as the accesses are. The sharing
     * diagnosis counts every allocation: it divides a site's bytes by its allocations.
     */
    private long allocationWeight(ProfiledThread t) {
        if (!allocationsSampled()) {
            return 1;
        }
        return com.numa.profiler.rt.Hooks.sampledStep(t.allocationSampler, 0, sampling) ? sampling : 0;
    }

    @Override
    public void referenceStored(Object o, Object target, int fieldId) {
        if (trace != null) {
            guarded(FIELD_STORED, o, target, fieldId, 0, 0);
        }
    }

    @Override
    public void elementStored(Object array, int index, Object target) {
        if (trace != null) {
            guarded(ELEMENT_STORED, array, target, index, 0, 0);
        }
    }

    @Override
    public void staticReferenceStored(int fieldId, Object target) {
        if (trace != null) {
            guarded(ROOT_STORED, null, target, fieldId, 0, 0);
        }
    }

    @Override
    public void explicitGc() {
        if (trace != null) {
            guarded(GC, null, null, 0, 0, 0);
        }
        WindowEvents w = window;
        if (w != null) {
            w.explicitGc();
        }
    }

    @Override
    public void controlPoint(int id) {
        WindowEvents w = window;
        if (w != null) {
            w.controlPoint(id);
        }
    }
}
