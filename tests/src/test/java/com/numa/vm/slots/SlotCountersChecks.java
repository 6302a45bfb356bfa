package com.numa.vm.slots;

import com.numa.junit.NumaProfile;
import com.numa.junit.NumaProfiled;
import com.numa.profiler.groundtruth.SlotsProgram;
import com.numa.profiler.groundtruth.SlotsProgram.Layout;
import org.junit.jupiter.api.Test;

/**
 * A user's guard against false sharing in the slot counters, as they would write it: the child side of
 * {@link com.numa.vm.SharingTruthEndToEndIT}, run under the agent by the JUnit Platform (not by this module's
 * Surefire: the name ends in Checks). The padded program passes, the adjacent one fails.
 */
@NumaProfiled
public class SlotCountersChecks {
    @Test
    void paddedSlots(NumaProfile profile) throws InterruptedException {
        SlotsProgram.run(Layout.PADDED);
        profile.assertNoFalseSharing(SlotsProgram.Counters.class);
    }

    @Test
    void adjacentSlots(NumaProfile profile) throws InterruptedException {
        SlotsProgram.run(Layout.ADJACENT);
        profile.assertNoFalseSharing(SlotsProgram.Counters.class);
    }
}
