package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** speedup-stack on applications that do not do what it asks: real JVMs through its own runner. */
class SpeedupStackRunIT {
    @TempDir
    Path tmp;

    @Tag("slow")
    @Test
    void anApplicationThatIgnoresTheThreadCountIsFlagged() {
        String[] r = CommandLineTest.run(tmp, null, "--threads", "1,2", "--repeat", "3", "--", "-cp",
                GroundTruthIT.testClasses(), "com.numa.speedup.groundtruth.IgnoresThreads", "{threads}");
        assertEquals("2", r[0], r[1]);
        assertTrue(r[1].contains("probably ignores the {threads} argument"), r[1]);
    }

    @Test
    void aFailingApplicationIsReportedNotThrown() {
        String[] r = CommandLineTest.run(tmp, null, "--threads", "1,2", "--repeat", "1", "--", "-cp", tmp.toString(),
                "NoSuchMain{threads}");
        assertEquals("1", r[0], r[1]);
        // the failure first, before the measurement's start-up or anything else, with java's own message
        assertTrue(r[1].startsWith("numa: speedup-stack: the application failed: exit code 1; its last lines on stderr:"),
                r[1]);
        assertTrue(r[1].lines().skip(1).findFirst().orElse("").contains("Could not find or load main class NoSuchMain1"),
                r[1]);
        assertTrue(r[1].contains("it failed at 1 thread(s), run 1; its output is in "), r[1]);
    }
}
