package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a JVM started with the declared JFR settings records. */
class JfrRecordingIT {
    @TempDir
    Path tmp;

    /** The JVM takes the option: a 20 ms park is recorded, 2,000 parks that return at once are not. */
    @Test
    void shortParksAreNotRecordedOneByOneLongOnesAre() throws Exception {
        Path recording = tmp.resolve("parks.jfr");
        ChildRun run = ChildJvm.current().options(JfrSettings.startOption(recording))
                .classPath(GroundTruthIT.testClasses()).main("com.numa.speedup.groundtruth.Parks", List.of("2000"))
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
            assertTrue(JfrSettingsTest.declared().containsKey(type + "#enabled"), "an event speedup-stack did not ask for: " + type);
        }
        assertTrue(parks >= 1 && parks < 100, parks + " parks of main recorded");
        assertTrue(threadStarts >= 1, "no thread start recorded");
    }
}
