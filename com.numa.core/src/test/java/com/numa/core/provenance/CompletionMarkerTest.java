package com.numa.core.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.io.JsonFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The completion marker names this JVM, reads back, and is removed by the next run's start. */
class CompletionMarkerTest {
    @TempDir
    Path dir;

    @Test
    void writtenMarkerReadsBackWithThisJvm() throws Exception {
        Path out = dir.resolve("perfutil.csv");
        Files.writeString(out, "scope\n");
        assertTrue(CompletionMarker.read(out).isEmpty(), "no marker yet");
        long before = System.currentTimeMillis();
        CompletionMarker.write(out, "PerfUtil");
        assertEquals(dir.resolve("perfutil.csv.complete"), CompletionMarker.of(out));
        CompletionMarker.Marker m = CompletionMarker.read(out).orElseThrow();
        assertEquals("PerfUtil", m.feature());
        assertEquals(ProcessHandle.current().pid(), m.jvm().pid());
        assertEquals(JvmIdentity.current(), m.jvm());
        assertTrue(m.completedEpochMs() >= before);
        CompletionMarker.clear(out);
        assertFalse(Files.exists(CompletionMarker.of(out)));
    }

    @Test
    void markerWithoutIdentityIsNoMarker() throws Exception {
        Path out = dir.resolve("x.csv");
        Files.writeString(CompletionMarker.of(out), "{\"complete\": true}");
        assertTrue(CompletionMarker.read(out).isEmpty());
        Files.writeString(CompletionMarker.of(out), "not json");
        assertTrue(CompletionMarker.read(out).isEmpty());
    }

    @Test
    void identityAlignsNanoTimeWithWallClock() throws Exception {
        JvmIdentity id = JvmIdentity.current();
        long wallNs = System.currentTimeMillis() * 1_000_000L;
        long aligned = id.epochNs(System.nanoTime());
        // the anchor was taken once; the clocks drift apart by far less than a second over a test
        assertTrue(Math.abs(aligned - wallNs) < 1_000_000_000L, aligned + " vs " + wallNs);
        assertTrue(id.startEpochMs() <= System.currentTimeMillis());
        assertEquals(id, JvmIdentity.fromJson(JsonFiles.mapper().readTree(JsonFiles.toJson(id.json()))));
        assertEquals(id.host() + ":" + id.pid() + ":" + id.startEpochMs(), id.key());
    }

    @Test
    void labelTakesPlaceholders() {
        try {
            JvmIdentity.registerLabel(" exec-%p ");
            assertEquals("exec-" + ProcessHandle.current().pid(), JvmIdentity.current().label());
            assertEquals("exec-" + ProcessHandle.current().pid(), JvmIdentity.current().displayName());
            JvmIdentity.registerLabel("");
            assertEquals(ProcessHandle.current().pid() + "@" + JvmIdentity.current().host(),
                    JvmIdentity.current().displayName(), "without a label: pid@host");
        } finally {
            JvmIdentity.registerLabel("");
        }
    }
}
