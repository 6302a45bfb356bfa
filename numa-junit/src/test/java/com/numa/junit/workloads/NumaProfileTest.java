package com.numa.junit.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.DataDependency;
import com.numa.core.classification.ParallelismCategory;
import com.numa.junit.NumaProfile;
import com.numa.junit.NumaProfiled;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The extension on real workloads under the agent (this module's Surefire argLine loads it with the sharing diagnosis,
 * instrumenting only com.numa.junit.workloads: this class, as a user's tests would be, and its workloads).
 */
@NumaProfiled
class NumaProfileTest {
    /** Turns per counter thread: far more invalidations than the diagnosis's default threshold needs. */
    private static final int ROUNDS = 20_000;

    private Table warm;

    @BeforeEach
    void outsideTheWindow() {
        warm = new Table(1000); // made and summed before the method's window: never in its profile
        warm.sum();
    }

    @Test
    void falseSharingFailsNamingBothFieldsTheThreadsAndTheAdvice(NumaProfile profile) throws InterruptedException {
        Counters.race(new Counters.Adjacent(), ROUNDS);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> profile.assertNoFalseSharing(Counters.Adjacent.class));
        String m = e.getMessage();
        assertTrue(m.contains("a@") && m.contains("b@"), m);
        assertTrue(m.contains("counter-a") && m.contains("counter-b"), m);
        NumaProfile.IssueRow issue = profile.issues().stream().filter(i -> i.kind().equals("false-sharing")).findFirst()
                .orElseThrow();
        assertFalse(issue.advice().isBlank());
        assertTrue(m.contains(issue.advice()), m);
        assertTrue(m.contains(issue.site()) && issue.site().contains("NumaProfileTest.falseSharing"), m);
        assertThrows(AssertionFailedError.class, () -> profile.assertNoFalseSharing(Counters.Adjacent.class, "b"));
    }

    @Test
    void paddedCountersPass(NumaProfile profile) throws InterruptedException {
        Counters.race(new Counters.Padded(), ROUNDS);
        profile.assertNoFalseSharing(Counters.Padded.class);
        profile.assertNoFalseSharing(Counters.Padded.class, "a");
        assertTrue(profile.siteThreads().stream().filter(s -> s.type().equals(Counters.Padded.class.getName()))
                .filter(s -> s.writes() >= ROUNDS).count() == 2, profile.summary());
    }

    @Test
    void falseSharingInAnArrayTheClassAllocatesFailsInJavasTypeNames(NumaProfile profile) throws InterruptedException {
        SlotCounters.adjacent().race(ROUNDS);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> profile.assertNoFalseSharing(SlotCounters.class));
        String m = e.getMessage();
        assertTrue(m.contains("false sharing in " + SlotCounters.class.getName() + ": in the long[] it allocates: "), m);
        assertTrue(m.contains(SlotCounters.class.getName() + ".<init>") && m.contains("(long[])"), m);
        assertFalse(m.contains("[J"), m);
        assertThrows(AssertionFailedError.class, () -> profile.assertNoFalseSharing(SlotCounters.class, "slots"));
        profile.assertNoFalseSharing(SlotCounters.class, "stride"); // a primitive: only the object's own words
        AssertionFailedError byType = assertThrows(AssertionFailedError.class,
                () -> profile.assertNoFalseSharing(long[].class));
        assertTrue(byType.getMessage().contains(": false sharing in long[]: "), byType.getMessage());
    }

    @Test
    void paddedSlotsOfAnArrayTheClassAllocatesPass(NumaProfile profile) throws InterruptedException {
        SlotCounters.padded().race(ROUNDS);
        profile.assertNoFalseSharing(SlotCounters.class);
        profile.assertNoFalseSharing(long[].class);
    }

    @Test
    void anArrayMadeElsewhereThatAFieldCanHoldFailsNamingWhatToAssertOn(NumaProfile profile)
            throws InterruptedException {
        new SlotCounters(new long[2], 1).race(ROUNDS);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> profile.assertNoFalseSharing(SlotCounters.class));
        String m = e.getMessage();
        assertTrue(m.contains("false sharing in a long[] allocated at " + NumaProfileTest.class.getName()), m);
        assertTrue(m.contains("field slots (long[]) may hold") && m.contains("assertNoFalseSharing(long[].class)"), m);
    }

    @Test
    void readOnlySharedTableHasSharedWritesBelowOnePercent(NumaProfile profile) throws InterruptedException {
        Table t = new Table(4096);
        t.readConcurrently(2, 20);
        profile.assertSharedWritesBelow(1);
        NumaProfile.SiteRow table = profile.sites().stream().filter(s -> s.site().startsWith(Table.class.getName()
                + ".<init>")).findFirst().orElseThrow(() -> new AssertionError(profile.summary()));
        assertEquals(0, table.sharedWrites(), profile.summary());
        assertEquals(0, table.writesAfterPublication(), profile.summary());
        assertTrue(profile.sharedReads() >= 2L * 20 * 4096, profile.summary());
        assertTrue(profile.threads().stream().anyMatch(r -> r.thread().equals("reader-0") && r.sharedReads() > 0),
                profile.summary());
        profile.assertCategory(DataDependency.READ_ONLY);
    }

    @Test
    void sharedWritesAboveTheBoundFailNamingTheSiteAndThreads(NumaProfile profile) throws InterruptedException {
        Counters.race(new Counters.Adjacent(), ROUNDS);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> profile.assertSharedWritesBelow(1));
        assertTrue(e.getMessage().contains("Counters$Adjacent") && e.getMessage().contains("counter-"), e.getMessage());
        profile.assertCategory(DataDependency.READ_WRITE);
    }

    @Test
    void aTestStartingNoThreadsGetsAnEmptyProfile(NumaProfile profile) {
        assertTrue(profile.isEmpty(), profile.summary());
        assertEquals(List.of(), profile.threads());
        assertEquals(List.of(), profile.issues());
        assertEquals(0, profile.accesses());
        assertTrue(profile.summary().contains("no profiled accesses"), profile.summary());
        profile.assertNoFalseSharing(Counters.Adjacent.class);
        profile.assertSharedWritesBelow(1);
    }

    @Test
    void anObjectUsedByItsThreadOnlyIsPrivateToIt(NumaProfile profile) throws InterruptedException {
        Thread owner = Tally.countAlone(10_000);
        profile.assertPrivateTo(Tally.class, owner);
        assertTrue(profile.siteThreads().stream().anyMatch(s -> s.type().equals(Tally.class.getName())
                && s.thread().equals("tally-owner") && s.writes() >= 10_000), profile.summary());
    }

    @Test
    void anObjectHandedToAnotherThreadIsNotPrivate(NumaProfile profile) throws InterruptedException {
        Tally.handedOver(10_000);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> profile.assertPrivateTo(Tally.class, Thread.currentThread()));
        assertTrue(e.getMessage().contains("tally-borrower"), e.getMessage());
    }

    @Test
    void workOnTheTestThreadAloneIsSingleThreaded(NumaProfile profile) {
        new Table(4096).sum();
        profile.assertCategory(ParallelismCategory.SINGLE_THREADED);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> profile.assertCategory(ParallelismCategory.EXPLICITLY_PARALLEL));
        assertTrue(e.getMessage().contains(ParallelismCategory.SINGLE_THREADED.label())
                && e.getMessage().contains("no worker thread"), e.getMessage());
    }

    /** Each repetition has a window of its own: the same workload, the same counts. */
    @RepeatedTest(2)
    void eachRepetitionIsProfiledAlone(NumaProfile profile) throws InterruptedException {
        Thread owner = Tally.countAlone(1_000);
        profile.assertPrivateTo(Tally.class, owner);
        assertEquals(1_000, profile.siteThreads().stream().filter(s -> s.type().equals(Tally.class.getName()))
                .mapToLong(NumaProfile.SiteRow::writes).sum(), profile.summary());
    }
}
