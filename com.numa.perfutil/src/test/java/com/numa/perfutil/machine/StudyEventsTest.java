package com.numa.perfutil.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.perfutil.events.StudyEvents;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default events on scripted machines: hardware events where a PMU counts them, software ones as the fallback. */
class StudyEventsTest {
    @TempDir
    Path tmp;

    private static List<String> defaults(ScriptedMachine m, Path root) {
        PmuCatalog catalog = new PmuCatalog(new MachineRoot(root).pmus());
        EventParser parser = new EventParser(catalog);
        return StudyEvents.forMachine(catalog.hasCorePmu(),
                e -> m.probe(false).errnoOfOpening(List.of(parser.parse(e))) == 0);
    }

    @Test
    void aMachineWithAPmuCountsTheStudysHardwareEventsThenTheSoftwareOnes() {
        ScriptedMachine m = new ScriptedMachine(tmp).nodes(2, 4, 21).corePmu();
        List<String> events = defaults(m, tmp);
        assertEquals(List.of("instructions", "cycles", "LLC-loads", "LLC-load-misses"), events.subList(0, 4));
        assertTrue(events.contains("node-load-misses"));
        assertTrue(events.containsAll(StudyEvents.SOFTWARE));
        assertEquals(StudyEvents.ALL, events);
    }

    @Test
    void eventsThePmuLacksAreLeftOutAndWithoutAPmuOnlySoftwareRemains() {
        ScriptedMachine partial = new ScriptedMachine(tmp.resolve("a")).nodes(1, 2, 0).corePmu()
                .missing("node-load-misses", "node-store-misses");
        List<String> events = defaults(partial, tmp.resolve("a"));
        assertFalse(events.contains("node-load-misses"));
        assertTrue(events.contains("LLC-load-misses"));

        ScriptedMachine vm = new ScriptedMachine(tmp.resolve("b")).nodes(1, 2, 0);
        assertEquals(StudyEvents.SOFTWARE, defaults(vm, tmp.resolve("b")));
    }
}
