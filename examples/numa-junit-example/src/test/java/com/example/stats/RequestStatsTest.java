package com.example.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.junit.NumaProfile;
import com.numa.junit.NumaProfiled;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

@NumaProfiled
class RequestStatsTest {
    private static final int ROUNDS = 20_000;

    /** The guard: fails as soon as someone removes the padding from RequestStats. */
    @Test
    void hitsAndMissesDoNotShareACacheLine(NumaProfile profile) throws InterruptedException {
        RequestStats stats = new RequestStats();
        TwoThreads.takeTurns(ROUNDS, stats::hit, stats::miss);
        assertEquals(ROUNDS, stats.hits);
        profile.assertNoFalseSharing(RequestStats.class);
    }

    /** What the guard catches: the same test over the old layout fails, naming both fields, the threads and the fix. */
    @Test
    void theUnpaddedLayoutIsCaught(NumaProfile profile) throws InterruptedException {
        UnpaddedRequestStats stats = new UnpaddedRequestStats();
        TwoThreads.takeTurns(ROUNDS, stats::hit, stats::miss);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> profile.assertNoFalseSharing(UnpaddedRequestStats.class));
        String m = e.getMessage();
        assertTrue(m.contains("hits@") && m.contains("misses@") && m.contains("pad the fields apart"), m);
        System.out.println(m);
    }
}
