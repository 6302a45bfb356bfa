package com.numa.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the runner's status line becomes a result or an exception, and the emulation setting; no guest needed. */
class NumaGuestStatusTest {

    @Test
    void exitStatusBecomesTheResult() {
        NumaGuest.Result r = NumaGuest.interpret("exit 7", 7, "out\n", "");
        assertEquals(7, r.exitCode());
        assertEquals("out\n", r.output());
    }

    @Test
    void exitStatusWinsOverTheRunnersOwnCode() {
        // A command exiting 124 or 125 must not be mistaken for a timeout or a guest failure.
        assertEquals(125, NumaGuest.interpret("exit 125", 125, "", "").exitCode());
        assertEquals(124, NumaGuest.interpret("exit 124", 124, "", "").exitCode());
    }

    @Test
    void timeoutStatusThrowsWithTheDuration() {
        NumaGuestException e = assertThrows(NumaGuestException.class,
                () -> NumaGuest.interpret("timeout 30", 124, "booting", "numa-guest: timed out"));
        assertTrue(e.timedOut());
        assertTrue(e.getMessage().contains("timed out after 30 s"), e.getMessage());
        assertTrue(e.getMessage().contains("booting"), e.getMessage());
    }

    @Test
    void errorStatusThrowsWithTheReason() {
        NumaGuestException e = assertThrows(NumaGuestException.class,
                () -> NumaGuest.interpret("error cannot mount the host root over 9p", 125, "", ""));
        assertFalse(e.timedOut());
        assertTrue(e.getMessage().contains("cannot mount the host root over 9p"), e.getMessage());
    }

    @Test
    void missingStatusNamesTheRunnersExitCode() {
        NumaGuestException e = assertThrows(NumaGuestException.class,
                () -> NumaGuest.interpret("", 2, "", "numa-guest: unknown option --bogus"));
        assertTrue(e.getMessage().contains("exited with 2"), e.getMessage());
        assertTrue(e.getMessage().contains("unknown option --bogus"), e.getMessage());
    }

    @Test
    void serialEmulationAsksForSingleThreadedTcgUnlessTheEnvironmentChoseAnAccelerator() {
        assertEquals("tcg,thread=single", NumaGuest.accel(NumaGuest.Emulation.SERIAL, null).orElseThrow());
        assertEquals("tcg,thread=single", NumaGuest.accel(NumaGuest.Emulation.SERIAL, " ").orElseThrow());
        assertTrue(NumaGuest.accel(NumaGuest.Emulation.SERIAL, "kvm").isEmpty(), "NUMA_GUEST_ACCEL=kvm wins");
        assertTrue(NumaGuest.accel(NumaGuest.Emulation.PARALLEL, null).isEmpty(), "the runner's default");
    }
}
