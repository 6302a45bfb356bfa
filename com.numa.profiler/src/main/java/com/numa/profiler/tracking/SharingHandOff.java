package com.numa.profiler.tracking;

import com.numa.profiler.sharing.SharingTracker;

/**
 * Under -XX:+NUMAProfilerDiagnose, the runtime's hand-off to the sharing diagnosis: decides from an access's owner word
 * whether its object is write-shared, and from then on passes every access of it to the tracker.
 */
final class SharingHandOff {
    private final SharingTracker tracker;

    SharingHandOff(SharingTracker tracker) {
        this.tracker = tracker;
    }

    /**
     * An object (an array chunk) is followed word by word from the first write that comes after another
     * thread used it: a write by the owner after another thread read it since the owner's previous write (the read
     * copy is invalidated), or a second change of owner (threads take turns writing it). A hand-over (made by one
     * thread, then read and written by another alone) and data only read once shared never qualify, so their accesses
     * cost nothing more. From then on every access goes to the tracker, which the word records. {@code before} and
     * {@code after} are the word before and after the access.
     */
    long diagnosed(ProfiledThread t, Object o, int index, int fieldId, long before, long after, boolean write,
            boolean array, int node) {
        if (!OwnerWords.tracked(after)) {
            int owner = OwnerWords.owner(before);
            if (owner == 0) {
                return after;
            }
            if (!write) {
                return owner == t.key || OwnerWords.readByOtherSinceWrite(after) ? after
                        : OwnerWords.markReadByOther(after);
            }
            boolean followsOther;
            if (owner == t.key) {
                followsOther = OwnerWords.readByOtherSinceWrite(before);
            } else {
                followsOther = OwnerWords.ownerChanged(before);
                after = OwnerWords.markOwnerChanged(after);
            }
            if (!followsOther || !tracker.track(o, OwnerWords.site(after), OwnerWords.homeNode(after))) {
                return after;
            }
            after = OwnerWords.markTracked(after);
        }
        if (array) {
            tracker.element(t.key, o, index, write, node);
        } else if (fieldId >= 0) {
            tracker.field(t.key, o, fieldId, write, node);
        }
        return after;
    }
}
