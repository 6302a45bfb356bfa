package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one declaration of the JFR events, as a command-line option and as a .jfc (JfrRecordingIT: what a JVM records). */
class JfrSettingsTest {
    @TempDir
    Path tmp;

    static Map<String, String> declared() {
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
}
