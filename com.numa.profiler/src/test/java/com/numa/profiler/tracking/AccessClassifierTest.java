package com.numa.profiler.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.tracking.AccessClassifier.Owner;
import com.numa.profiler.tracking.AccessClassifier.Kind;
import org.junit.jupiter.api.Test;

class AccessClassifierTest {
    private static final int A = 1;
    private static final int B = 2;

    @Test
    void lastWriterTakesOwnershipOnWrite() {
        AccessClassifier c = new AccessClassifier(Owner.LAST_WRITER);
        long w = OwnerWords.tag(A, 7, 0);
        assertEquals(Kind.PRIVATE_READ, c.classify(w, A, false));
        assertEquals(Kind.SHARED_READ, c.classify(w, B, false));
        Kind k = c.classify(w, B, true);
        assertEquals(Kind.SHARED_WRITE, k);
        w = c.next(w, B, true, true);
        assertEquals(B, OwnerWords.owner(w));
        assertEquals(7, OwnerWords.site(w));
        assertEquals(0, OwnerWords.homeNode(w), "the home node stays where the object was allocated");
        assertEquals(Kind.PRIVATE_READ, c.classify(w, B, false));
        assertEquals(Kind.SHARED_READ, c.classify(w, A, false));
        assertTrue(OwnerWords.shared(w));
        assertTrue(OwnerWords.written(w));
    }

    @Test
    void allocatorKeepsOwnershipForever() {
        AccessClassifier c = new AccessClassifier(Owner.ALLOCATOR);
        long w = OwnerWords.tag(A, 3, 1);
        w = c.next(w, B, true, true);
        assertEquals(A, OwnerWords.owner(w));
        assertEquals(Kind.SHARED_READ, c.classify(w, B, false));
        assertEquals(Kind.PRIVATE_WRITE, c.classify(w, A, true));
    }

    @Test
    void unknownOwnerIsCountedApartAndNeverGuessed() {
        AccessClassifier c = new AccessClassifier(Owner.LAST_WRITER);
        assertEquals(Kind.UNKNOWN_READ, c.classify(0, A, false));
        assertEquals(Kind.UNKNOWN_WRITE, c.classify(0, A, true));
        assertEquals(0, c.next(0, A, true, true));
    }

    @Test
    void readsSinceWriteCountAndResetOnWrite() {
        AccessClassifier c = new AccessClassifier(Owner.LAST_WRITER);
        long w = OwnerWords.tag(A, 1, 0);
        for (int i = 0; i < 5; i++) {
            w = c.next(w, B, false, true);
        }
        assertEquals(5, OwnerWords.readsSinceWrite(w));
        w = c.next(w, A, true, true);
        assertEquals(0, OwnerWords.readsSinceWrite(w));
    }

    @Test
    void untalliedReadsLeaveThePrivateWordUntouchedAndTheSharedOneAfterItsFirstSharedRead() {
        AccessClassifier c = new AccessClassifier(Owner.LAST_WRITER);
        long w = OwnerWords.tag(A, 1, 0);
        assertEquals(w, c.next(w, A, false, false));
        long shared = c.next(w, B, false, false);
        assertTrue(OwnerWords.shared(shared));
        assertEquals(shared, c.next(shared, B, false, false), "no store for further shared reads");
    }

    @Test
    void readCounterSaturatesInsteadOfOverflowingIntoOtherBits() {
        long w = OwnerWords.tag(OwnerWords.MAX_KEY, OwnerWords.MAX_SITE, OwnerWords.MAX_NODE);
        for (int i = 0; i < OwnerWords.MAX_READS + 10; i++) {
            w = OwnerWords.countRead(w);
        }
        assertEquals(OwnerWords.MAX_READS, OwnerWords.readsSinceWrite(w));
        assertEquals(OwnerWords.MAX_KEY, OwnerWords.owner(w));
        assertEquals(OwnerWords.MAX_SITE, OwnerWords.site(w));
        assertEquals(OwnerWords.MAX_NODE, OwnerWords.homeNode(w));
        assertFalse(OwnerWords.written(w));
    }

    @Test
    void remoteIsPredictedOnlyWhenBothNodesAreKnownAndDiffer() {
        long home1 = OwnerWords.tag(A, 1, 1);
        assertTrue(AccessClassifier.predictedRemote(home1, 0));
        assertFalse(AccessClassifier.predictedRemote(home1, 1));
        assertFalse(AccessClassifier.predictedRemote(home1, -1));
        assertFalse(AccessClassifier.predictedRemote(OwnerWords.tag(A, 1, -1), 0));
    }
}
