package com.numa.characterize.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BuiltinArgumentsTest {

    @Test
    void noArgumentsGiveTheDefaults() {
        BuiltinArguments a = BuiltinArguments.parse();
        assertEquals(Runtime.getRuntime().availableProcessors(), a.threads());
        assertEquals(WorkloadSize.DEFAULT, a.size());
        assertEquals(1, a.warmup());
        assertEquals(3, a.iterations());
    }

    @Test
    void everyKeyIsRead() {
        BuiltinArguments a = BuiltinArguments.parse("threads=3", "size=large", "warmup=0", "iterations=7");
        assertEquals(new BuiltinArguments(3, WorkloadSize.LARGE, 0, 7), a);
        assertArrayEquals(new String[] {"threads=3", "size=large", "warmup=0", "iterations=7"}, a.toArguments());
        assertEquals(a, BuiltinArguments.parse(a.toArguments()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"threads=0", "threads=-2", "threads=two", "size=huge", "size=", "warmup=-1",
        "iterations=0", "iterations=1.5", "rounds=3", "threads", "=3", "threads=2 size=small"})
    void aBadArgumentIsRefusedWithItsName(String bad) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BuiltinArguments.parse(bad));
        String key = bad.indexOf('=') > 0 ? bad.substring(0, bad.indexOf('=')) : bad;
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> BuiltinArguments.parse("threads=2", "threads=3"));
    }

    @Test
    void aWorkloadGivenABadArgumentSaysSoOnOneLineAndExitsWithStatus2() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                SerialWalk.class.getName(), "size=huge").start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the workload did not exit");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.isBlank()).toList();
        assertEquals(BuiltinArguments.BAD_ARGUMENTS, p.exitValue());
        assertEquals("", out);
        assertEquals(1, err.size(), err.toString());
        assertTrue(err.get(0).startsWith(SerialWalk.NAME + ": bad size 'huge'"), err.get(0));
    }
}
