package com.numa.characterize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.CrashingProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measured JVM that dies of SIGSEGV is reported as a crash: the signal, HotSpot's problematic frame and the hs_err
 * file, not the first line the application wrote on stderr.
 */
class CrashedRunEndToEndIT {
    @TempDir
    Path tmp;

    @Test
    void aSegfaultingApplicationIsReportedAsACrash() throws Exception {
        String cp = Path.of(CrashingProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path out = tmp.resolve("out");
        ChildRun r = ChildJvm.current().options("-jar", System.getProperty("numa.agent.jar"))
                .launch(List.of("characterize", "--quick", "--configs", "single", "--out", out.toString(), "--",
                        "-XX:ErrorFile=" + tmp.resolve("hs_err_pid%p.log"), "-XX:-CreateCoredumpOnCrash", "-cp", cp,
                        CrashingProgram.class.getName(), "segv"))
                .directory(tmp).env("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(5)).run();
        assertEquals(1, r.exitCode(), r.diagnostics());
        List<String> failed = r.stderr().lines().filter(l -> l.contains(") failed: ")).toList();
        assertEquals(2, failed.size(), r.stderr()); // the counters run and the profile run
        for (String line : failed) {
            assertTrue(line.contains("failed: the JVM crashed: SIGSEGV") && line.contains(" in ") && line.contains("hs_err file: "
                    + tmp), line);
            assertTrue(!line.contains("a line on stderr before the end"), line);
            String hsErr = line.substring(line.indexOf("hs_err file: ") + "hs_err file: ".length(), line.indexOf(" (see "));
            assertTrue(Files.isRegularFile(Path.of(hsErr)), hsErr);
        }
    }
}
