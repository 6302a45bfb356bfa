package com.numa.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The guard's own rules, on lines that are history and on look-alikes that are not. */
class DevelopmentHistoryTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "#### Eighth session (branch prof-sampled): where sampled mode's CPU goes",
        "Session 12 measured this.",
        "interleaved with session 23's agent",
        "in the sessions before",
        "Measured on 72e83af (fourteen such methods)",
        "fdd90c7 folds them into the two",
        "the commit d33b464ab1c0ffee measured",
        "full hash 3aba461c10b2d4f618262c10b2d4f618262aaaa1",
        "on the development VM, load average 10-17",
        "Load averages 15-26 from other jobs",
        "2026-11-22 17:57-18:10 UTC",
        "(prof-sampled, 2026-11-22, load 11-30)",
        "JDK 17, load 15 (2026-11-22), median process CPU",
    })
    void historyIsFound(String line) {
        assertEquals(1, DevelopmentHistory.find(line).size(), () -> line + ": " + DevelopmentHistory.find(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "the PerfUtil feature (`com.numa.perfutil.session`: sampling and CSV)",
        "package `session`",
        "-XX:PerfUtilEvents=cpu/event=0x3c,umask=0x00/ and raw codes such as r01c4 or r4f2e3d1",
        "a constant 0x1f2e3d4c in the trace header, 0xdeadbeef0",
        "a fixed deadbeef or facade or accede is a word, not a hash",
        "1234567 accesses, 8,455,625,984 in all",
        "the Scala 3 compiler, JNA 5.17.0, ASM 9.8, version 23.11-chopin",
        "an identifier like buf_3aba461c or c10b2d4Field or a-c10b2d4",
        "the kernel's load balancer and the load of the chunk word",
        "JDK 17.0.15, dacapo-23.11-chopin.jar, ISO date format yyyy-mm-dd",
        "see bench/results/ for the measurements",
        "[profiler cost](../bench/results/2026-11-28-profiler-cost-apps.md)",
        "in 2026-11-28-profiler-cost-apps, the current figure",
    })
    void lookAlikesAreNot(String line) {
        assertEquals(List.of(), DevelopmentHistory.find(line), line);
    }

    @org.junit.jupiter.api.Test
    void findingsNameTheirLine() {
        var found = DevelopmentHistory.find("present tense\nthe ninth session\nok");
        assertEquals(List.of(new DevelopmentHistory.Finding(2, "session", "session")), found);
    }
}
