package com.numa.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which host directories NumaGuest shares so that a checkout under /tmp stays visible in the guest; no guest needed. */
class NumaGuestCheckoutShareTest {
    private final String savedHome = System.getProperty("numa.home");

    @AfterEach
    void restoreHome() {
        if (savedHome == null) {
            System.clearProperty("numa.home");
        } else {
            System.setProperty("numa.home", savedHome);
        }
    }

    @Test
    void checkoutUnderTmpIsSharedAndSubsumesSharesInsideIt() {
        System.setProperty("numa.home", "/tmp/ci-clone/tests/..");
        assertEquals(List.of(Path.of("/var/out"), Path.of("/tmp/ci-clone")),
                NumaGuest.withCheckoutShare(List.of(Path.of("/var/out"), Path.of("/tmp/ci-clone/tests/target/x"))));
    }

    @Test
    void checkoutTheGuestCanSeeAddsNothing() {
        System.setProperty("numa.home", "/work/main");
        assertEquals(List.of(Path.of("/tmp/results")), NumaGuest.withCheckoutShare(List.of(Path.of("/tmp/results"))));
    }

    @Test
    void checkoutAlreadyInsideAWritableShareIsNotSharedTwice() {
        System.setProperty("numa.home", "/tmp/a/b");
        assertEquals(List.of(Path.of("/tmp/a")), NumaGuest.withCheckoutShare(List.of(Path.of("/tmp/a"))));
    }
}
