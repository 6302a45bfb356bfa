package com.numa.profiler.tracking;

/**
 * The private/shared decision of ISMM'23 §3.1.1, free of I/O: given an object's owner word, the accessing thread and
 * whether it writes, says what the access is and what the word becomes. Under {@code last-writer} a write makes the
 * writer the owner; a read by anyone but the owner, and a write by anyone but the previous owner, are shared.
 */
public final class AccessClassifier {
    /** Who owns an object for the private/shared classification (-XX:NUMAProfilerOwner). */
    public enum Owner {
        /** The thread that wrote the object last (initially its allocator): the ISMM'23 definition. */
        LAST_WRITER,
        /** The allocating thread, forever. */
        ALLOCATOR
    }

    enum Kind {
        PRIVATE_READ, SHARED_READ, PRIVATE_WRITE, SHARED_WRITE, UNKNOWN_READ, UNKNOWN_WRITE;

        boolean isWrite() {
            return this == PRIVATE_WRITE || this == SHARED_WRITE || this == UNKNOWN_WRITE;
        }

        boolean isShared() {
            return this == SHARED_READ || this == SHARED_WRITE;
        }
    }

    private final Owner policy;

    public AccessClassifier(Owner policy) {
        this.policy = policy;
    }

    Owner policy() {
        return policy;
    }

    /** The kind of an access to an object whose word is {@code word}; 0 or owner key 0 means unknown owner. */
    Kind classify(long word, int accessorKey, boolean write) {
        int owner = OwnerWords.owner(word);
        if (owner == 0) {
            return write ? Kind.UNKNOWN_WRITE : Kind.UNKNOWN_READ;
        }
        boolean own = owner == accessorKey;
        if (write) {
            return own ? Kind.PRIVATE_WRITE : Kind.SHARED_WRITE;
        }
        return own ? Kind.PRIVATE_READ : Kind.SHARED_READ;
    }

    /**
     * The word after an access by {@code accessorKey}, writing or not (for unknown owners the word is left alone: we
     * never guess an owner). A write marks the word written, and shared when the writer is not the owner (under
     * {@code last-writer} the writer becomes the owner). A read changes the word only when it is the first shared one
     * or when {@code tallyRead} asks to bump the reads-since-write counter: the caller tallies one read in
     * {@link OwnerWords#READ_TALLY}, so that reading shared data does not turn every read into a store to the shared
     * object's word (which would make read-sharing look like, and cost like, write-sharing).
     */
    long next(long word, int accessorKey, boolean write, boolean tallyRead) {
        int owner = OwnerWords.owner(word);
        if (owner == 0) {
            return word;
        }
        if (write) {
            long w = OwnerWords.markWritten(word);
            if (owner != accessorKey) {
                w = OwnerWords.markShared(w);
                if (policy == Owner.LAST_WRITER) {
                    w = OwnerWords.withOwner(w, accessorKey);
                }
            }
            return w;
        }
        long w = owner == accessorKey ? word : OwnerWords.markShared(word);
        return tallyRead ? OwnerWords.countRead(w) : w;
    }

    /** True when the accessor's node differs from the object's home node (both known). */
    static boolean predictedRemote(long word, int accessorNode) {
        int home = OwnerWords.homeNode(word);
        return home >= 0 && accessorNode >= 0 && home != accessorNode;
    }
}
