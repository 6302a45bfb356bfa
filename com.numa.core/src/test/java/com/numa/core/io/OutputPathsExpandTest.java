package com.numa.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
