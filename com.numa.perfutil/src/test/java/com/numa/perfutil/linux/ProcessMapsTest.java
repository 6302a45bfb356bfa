package com.numa.perfutil.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessMapsTest {

    @Test
    void linesBecomeMappings() {
        List<ProcessMaps.Mapping> m = ProcessMaps.parse("""
                7ffd1000-7ffd2000 rw-p 00000000 00:00 0                                  [stack]
                7f0000000000-7f0000100000 rw-p 00000000 00:00 0
                800000000-800b00000 r--s 00001000 08:01 123  /usr/lib/jvm/java-17/lib/server/classes.jsa
                """);
        assertEquals(new ProcessMaps.Mapping(0x7ffd1000L, 0x7ffd2000L, "rw-p", 0, "[stack]"), m.get(0));
        assertEquals("", m.get(1).path());
        assertTrue(m.get(1).privateWritable() && m.get(1).anonymous());
        assertEquals(123, m.get(2).inode());
        assertFalse(m.get(2).privateWritable() || m.get(2).anonymous());
    }

    @Test
    void thisProcessHasAStack() throws Exception {
        assertTrue(ProcessMaps.self().stream().anyMatch(m -> m.path().equals("[stack]")));
    }
}
