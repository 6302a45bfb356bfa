package com.numa.profiler.tracking;

/**
 * What the runtime knows of the classes its hooks meet: where an instance's header word is and, at allocation, its size
 * and whether its side-table entry could ever be read. A thread first asks the last class it met for either question
 * (loops touch one type), then its own class facts, then the facts every thread shares ({@link ClassFacts}).
 */
final class KnownClasses {
    private final ClassValue<ClassFacts> facts = ClassFacts.table();
    private final ObjectSizes sizes;
    private final HeaderWordAccess words;
    /** Which classes' instances need a side-table entry (null: all of them). */
    private FieldReachability fieldReach;

    KnownClasses(ObjectSizes sizes, HeaderWordAccess words) {
        this.sizes = sizes;
        this.words = words;
    }

    /** Instances whose fields no instrumented code can reach stay out of the side table; before the hooks run. */
    void useFieldReach(FieldReachability reach) {
        this.fieldReach = reach;
    }

    /** Loads what answering the reach question loads, before any hook runs. */
    void warmUp() {
        if (fieldReach != null) {
            fieldReach.fieldsReachable(StringBuilder.class);
        }
    }

    /**
     * The thread with its facts about the class of instance {@code o} (size, whether its side-table entry could ever be
     * read) up to date; it remembers the last class it allocated, and more in its class facts.
     */
    ProfiledThread allocatedClass(ProfiledThread t, Object o) {
        Class<?> c = o.getClass();
        FieldReachability reach = fieldReach;
        int version = reach == null ? -1 : reach.version(); // before the answer: a later change makes it stale
        if (c != t.sizeClass || version != t.sizeReachVersion) {
            ClassFacts f = t.facts(c, facts);
            if (f.size == ClassFacts.UNKNOWN) {
                f.size = sizes.instanceSize(o);
            }
            if (!f.reachKnown(version)) {
                f.reach(version, reach == null || reach.fieldsReachable(c));
            }
            t.size = f.size;
            t.sizeTracked = f.tracked();
            t.sizeClass = c;
            t.sizeReachVersion = version;
        }
        return t;
    }

    /** Where {@code o}'s header word is, or NONE; the thread remembers the last class (loops touch one type). */
    long wordOffset(ProfiledThread t, Object o) {
        Class<?> c = o.getClass();
        if (c == t.wordClass) {
            return t.wordOffset;
        }
        // code that goes back and forth between types (nodes and entries, a tree's kinds of nodes, an interpreter's
        // many node classes) finds the offset in the thread's class facts before the ClassValue
        ClassFacts f = t.facts(c, facts);
        if (f.wordOffset == ClassFacts.UNKNOWN) {
            f.wordOffset = words.offset(c);
        }
        t.wordClass = c;
        return t.wordOffset = f.wordOffset;
    }
}
