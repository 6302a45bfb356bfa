package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Configuration;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one declaration of the JFR events, as a command-line option and as a .jfc, and what JFR makes of it. */
class JfrSettingsTest {
    @TempDir
    Path tmp;

    private static Map<String, String> declared() {
        Map<String, String> m = new HashMap<>();
        for (JfrSettings.EventSettings e : JfrSettings.EVENTS) {
            e.settings().forEach(s -> m.put(e.event() + "#" + s.getKey(), s.getValue()));
        }
        return m;
    }

    @Test
    void theJfcHoldsExactlyTheDeclaredSettings() throws Exception {
        Configuration c = Configuration.create(new StringReader(JfrSettings.jfc()));
        assertEquals(declared(), c.getSettings());
    }

    @Test
    void theOptionStartsFromNoSettingsAndAddsEachDeclaredOne() {
        String option = JfrSettings.startOption(tmp.resolve("r.jfr"));
        assertTrue(option.startsWith("-XX:StartFlightRecording=filename=" + tmp.resolve("r.jfr").toAbsolutePath()
                + ",settings=none,"), option);
        List<String> parts = List.of(option.split(","));
        assertEquals(2 + declared().size(), parts.size(), option);
        declared().forEach((k, v) -> assertTrue(parts.contains("+" + k + "=" + v.replace(" ", "")), k + " in " + option));
    }

    @Test
    void aRecordingPathJfrWouldSplitIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> JfrSettings.startOption(tmp.resolve("a,b.jfr")));
        assertThrows(IllegalArgumentException.class, () -> JfrSettings.startOption(tmp.resolve("a=b.jfr")));
    }

    /** The JVM takes the option: a 20 ms park is recorded, 2,000 parks that return at once are not. */
    @Test
    void shortParksAreNotRecordedOneByOneLongOnesAre() throws Exception {
        Path recording = tmp.resolve("parks.jfr");
        ChildRun run = ChildJvm.current().options(JfrSettings.startOption(recording))
                .classPath(GroundTruthTest.testClasses()).main("com.numa.speedup.groundtruth.Parks", List.of("2000"))
                .run();
        assertTrue(run.succeeded(), run.diagnostics());
        int parks = 0;
        int threadStarts = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            String type = e.getEventType().getName();
            if (type.equals("jdk.ThreadPark") && "main".equals(e.getThread().getJavaName())) {
                parks++;
                assertTrue(e.getDuration().compareTo(Duration.ofNanos(10_000)) >= 0, "a park under 10 us: " + e);
            }
            threadStarts += type.equals("jdk.ThreadStart") ? 1 : 0;
            assertTrue(declared().containsKey(type + "#enabled"), "an event speedup-stack did not ask for: " + type);
        }
        assertTrue(parks >= 1 && parks < 100, parks + " parks of main recorded");
        assertTrue(threadStarts >= 1, "no thread start recorded");
    }
}
