package com.numa.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Output placeholders: several JVMs given one option write distinct files. */
class OutputPathsExpandTest {
    @Test
    void pidHostAndPercent() {
        String pid = String.valueOf(ProcessHandle.current().pid());
        assertEquals("/tmp/p-" + pid + ".csv", OutputPaths.expand("/tmp/p-%p.csv"));
        String host = OutputPaths.hostName();
        assertFalse(host.isBlank());
        assertEquals("out/" + host + "/" + pid, OutputPaths.expand("out/%h/%p"));
        assertEquals("50%p", OutputPaths.expand("50%%p"), "%% is a percent sign, not the start of a placeholder");
        assertEquals("a%xb%", OutputPaths.expand("a%xb%"), "any other % stays as typed");
        assertEquals("plain.csv", OutputPaths.expand("plain.csv"));
    }

    @Test
    void startTimeAndEnvironment() {
        String t = OutputPaths.expand("run-%t");
        assertTrue(t.matches("run-\\d{8}T\\d{6}"), t);
        assertEquals(t, OutputPaths.expand("run-%t"), "the JVM's start time, the same at every call");
        String path = System.getenv("PATH");
        assertEquals("x-" + path + "-y", OutputPaths.expand("x-%{PATH}-y"));
        assertEquals("x--y", OutputPaths.expand("x-%{NUMA_SURELY_UNSET_VARIABLE}-y"), "an unset variable is empty");
        assertEquals("%{}", OutputPaths.expand("%{}"), "no name: stays as typed");
        assertEquals("a%{B", OutputPaths.expand("a%{B"), "no closing brace: stays as typed");
    }
}
