package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What agentmain leaves for numa attach when nothing starts: the reason, in the target's properties and on its stderr. */
class AttachReportTest {

    @AfterEach
    void clear() {
        System.clearProperty(AttachReport.PROPERTY);
    }

    private static List<String> attach(String agentArgs, ByteArrayOutputStream stderr) {
        PrintStream saved = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try {
            NumaAgent.agentmain(agentArgs, null);
        } finally {
            System.setErr(saved);
        }
        return AttachReport.read(System.getProperties());
    }

    @Test
    void noFeatureEnabledIsReportedBack() {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        List<String> report = attach("PerfUtilInterval=50", stderr);
        assertEquals(1, report.size(), report.toString());
        assertTrue(report.get(0).startsWith("no feature enabled: add "), report.toString());
        assertFalse(AttachReport.anyStarted(report));
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("numa: " + report.get(0)), "the target's stderr too");
    }

    @Test
    void aBadFlagIsReportedBack() {
        List<String> report = attach("PerfUtl", new ByteArrayOutputStream());
        assertTrue(report.get(0).contains("bad flag: unknown NUMA flag -XX:+PerfUtl"), report.toString());
        assertFalse(AttachReport.anyStarted(report));
    }

    @Test
    void linesAfterPublishingGoOnlyToStderr() {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        AttachReport r = new AttachReport(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        r.accept(AttachReport.STARTED + "PerfUtil");
        r.publish();
        r.accept("PerfUtil: a later problem");
        Properties target = System.getProperties();
        assertEquals(List.of("attached: started PerfUtil"), AttachReport.read(target));
        assertTrue(AttachReport.anyStarted(AttachReport.read(target)));
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("numa: PerfUtil: a later problem"));
        assertEquals(List.of(), AttachReport.read(new Properties()), "an older agent leaves no report");
    }
}
