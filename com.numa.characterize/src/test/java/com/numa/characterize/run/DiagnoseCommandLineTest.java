package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.numa.characterize.suite.MethodSpan;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.SingleApplication;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The diagnosis a characterization proposes runs the application as the study did: its java arguments, the topology the
 * user gave, its method window, a sampling rate, and an output directory beside the report; one line for a shell.
 */
class DiagnoseCommandLineTest {
    private static final RunOptions OPTIONS = new RunOptions(4, 1, 2, "small", true, List.of());

    @Test
    void theSameApplicationTopologyAndWindow() {
        SingleApplication app = new SingleApplication("my app", List.of("-cp", "app.jar", "com.example.Main", "{threads}"),
                MethodSpan.of("com.example.Main.solve", null));
        String line = new DiagnoseCommandLine("2", Path.of("/x/numa-agent.jar"), Path.of("/out")).of(app, OPTIONS, 16);
        assertEquals("bin/numa diagnose -XX:NUMATopology=2 -XX:NUMAWindowStartAt=com.example.Main.solve "
                + "-XX:+NUMAProfilerIterations -XX:NUMAProfilerSampling=16 --out /out/diagnosis/my_app -- -cp app.jar "
                + "com.example.Main 4", line);
    }

    @Test
    void theDefaultTopologyIsLeftOutAndEveryAccessIsExact() {
        SingleApplication app = new SingleApplication("Main", List.of("-jar", "app.jar"));
        assertEquals("bin/numa diagnose --exact --out /out/diagnosis/Main -- -jar app.jar",
                new DiagnoseCommandLine("auto", Path.of("/x/numa-agent.jar"), Path.of("/out")).of(app, OPTIONS, 1));
    }

    @Test
    void wordsAShellWouldSplitOrExpandAreQuoted() {
        assertEquals("java '-Dname=a b' 'app.Main$Inner' 'it'\\''s' -Xmx2g",
                DiagnoseCommandLine.shellLine(List.of("java", "-Dname=a b", "app.Main$Inner", "it's", "-Xmx2g")));
        assertEquals("'*.jar' '$HOME'", DiagnoseCommandLine.shellLine(List.of("*.jar", "$HOME")));
    }
}
