package com.numa.bench.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class OverheadModeTest {
    private static List<String> names(List<OverheadMode> modes) {
        return modes.stream().map(OverheadMode::name).toList();
    }

    @Test
    void eachModeMapsToItsSamplingFlag() {
        assertNull(OverheadMode.of("none").samplingFlag());
        assertEquals("-XX:NUMAProfilerSampling=1", OverheadMode.of("full").samplingFlag());
        assertEquals("-XX:NUMAProfilerSampling=64", OverheadMode.of("sampled64").samplingFlag());
        assertEquals("-XX:NUMAProfilerSampling=1048576", OverheadMode.of("floor").samplingFlag());
        assertEquals(List.of("-XX:NUMAProfilerSampling=1", "-XX:+NUMAProfilerDiagnose"), OverheadMode.of("diagnose").flags());
        assertEquals(List.of("-XX:NUMAProfilerSampling=64"), OverheadMode.of("sampled64").flags());
    }

    @Test
    void theBaselineComesFirstEvenWhenNotListedAndModesAreNotRepeated() {
        assertEquals(List.of("none", "sampled64", "full"), names(OverheadMode.parse("sampled64,full,none,full")));
        assertEquals(List.of("none", "full", "sampled64"), names(OverheadMode.parse(OverheadMode.DEFAULT)));
    }

    @Test
    void badModesAreRefusedWithTheListOfModes() {
        for (String bad : new String[] {"fast", "sampled", "sampled1", "sampled-4", "sampledx"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OverheadMode.parse(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'") && e.getMessage().contains(OverheadMode.HELP),
                    e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> OverheadMode.parse("none"));
    }
}
