package com.numa.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkloadArgumentsTest {

    @Test
    void noArgumentsGiveTheDefaults() {
        WorkloadArguments a = WorkloadArguments.parse();
        assertEquals(Runtime.getRuntime().availableProcessors(), a.threads());
        assertEquals(WorkloadSize.DEFAULT, a.size());
        assertEquals(1, a.warmup());
        assertEquals(3, a.iterations());
    }

    @Test
    void everyKeyIsRead() {
        WorkloadArguments a = WorkloadArguments.parse("threads=3", "size=large", "warmup=0", "iterations=7");
        assertEquals(new WorkloadArguments(3, WorkloadSize.LARGE, 0, 7), a);
        assertArrayEquals(new String[] {"threads=3", "size=large", "warmup=0", "iterations=7"}, a.toArguments());
        assertEquals(a, WorkloadArguments.parse(a.toArguments()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"threads=0", "threads=-2", "threads=two", "size=huge", "size=", "warmup=-1",
        "iterations=0", "iterations=1.5", "rounds=3", "threads", "=3", "threads=2 size=small"})
    void aBadArgumentIsRefusedWithItsName(String bad) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadArguments.parse(bad));
        String key = bad.indexOf('=') > 0 ? bad.substring(0, bad.indexOf('=')) : bad;
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WorkloadArguments.parse("threads=2", "threads=3"));
    }
}
