package com.numa.characterize.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.workload.WorkloadArguments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A built-in workload run as its own program, the way characterize starts it. */
class BuiltinWorkloadMainIT {
    @Test
    void aWorkloadGivenABadArgumentSaysSoOnOneLineAndExitsWithStatus2() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                SerialWalk.class.getName(), "size=huge").start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the workload did not exit");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.isBlank()).toList();
        assertEquals(WorkloadArguments.BAD_ARGUMENTS, p.exitValue());
        assertEquals("", out);
        assertEquals(1, err.size(), err.toString());
        assertTrue(err.get(0).startsWith(SerialWalk.NAME + ": bad size 'huge'"), err.get(0));
    }
}
