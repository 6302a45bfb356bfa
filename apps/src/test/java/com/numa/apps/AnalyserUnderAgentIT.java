package com.numa.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A code analyser that resolves types through its own class path (PMD's command line, as a user runs it, numa-jvm
 * given only as the agent) reports the same findings with and without the agent: none of numa-jvm's classes (its
 * JNA, XChart, Jackson, its own) is there for the analyser's type resolution to find. The sources name such types, so
 * a leak would change what the rules see.
 */
class AnalyserUnderAgentIT {

    /**
     * A source file that extends classes the agent jar holds, overriding without {@code @Override}: PMD's
     * MissingOverride reports it only when it can resolve the superclass, as it could when numa-jvm's JNA and XChart
     * were on the application's class path.
     */
    private static final String USES_AGENT_TYPES = """
            package sample;

            import com.sun.jna.Structure;
            import java.util.List;
            import org.knowm.xchart.XYChart;

            public class Rows extends Structure {
                public int a;

                protected List<String> getFieldOrder() {
                    return List.of("a");
                }
            }

            class Chart extends XYChart {
                Chart() {
                    super(1, 1);
                }
            }
            """;

    @Test
    void pmdReportsTheSameFindingsWithTheProfilerAndCounters(@TempDir Path dir) throws IOException {
        Application pmd = Applications.builtBy(Application.APPS_MODULE).stream().filter(a -> a.name().equals("pmd"))
                .findFirst().orElseThrow();
        Path sample = Files.createDirectories(dir.resolve("src/sample"));
        Files.writeString(sample.resolve("Rows.java"), USES_AGENT_TYPES, StandardCharsets.UTF_8);
        Path generated = Files.createDirectories(dir.resolve("src/generated"));
        JavaSources generator = new JavaSources(11);
        for (int i = 0; i < 3; i++) {
            String name = "Generated" + i;
            Files.writeString(generated.resolve(name + ".java"), generator.compilationUnit(name), StandardCharsets.UTF_8);
        }
        List<String> without = findings(pmd, dir, "without", null);
        List<String> with = findings(pmd, dir, "with", List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerQuiet",
                "-XX:+PerfUtil", "-XX:PerfUtilOutput=" + dir.resolve("perfutil.csv")));
        assertFalse(without.isEmpty(), "PMD found nothing on sources with known violations");
        assertEquals(without, with, "PMD's report under the agent");
    }

    /** PMD's sorted report lines, paths made relative; PMD exits 4 when it finds violations. */
    private static List<String> findings(Application pmd, Path dir, String label, List<String> numaFlags)
            throws IOException {
        Path report = dir.resolve(label + "-report.txt");
        ChildJvm child = ChildJvm.current().directory(dir)
                .classPath(Corpus.apps().lib(pmd) + File.separator + "*");
        if (numaFlags != null) {
            child.agent(Corpus.agentJar(), numaFlags);
        }
        ChildRun r = child.main("net.sourceforge.pmd.cli.PmdCli", List.of("check", "--no-cache", "--no-progress",
                "-d", dir.resolve("src").toString(), "-R", "rulesets/java/quickstart.xml", "-f", "text", "-r",
                report.toString())).timeout(Duration.ofMinutes(3)).run();
        assertEquals(PmdDriver.VIOLATIONS_FOUND, r.exitCode(), label + ": " + r.stderr());
        List<String> lines = new ArrayList<>();
        for (String l : Files.readAllLines(report, StandardCharsets.UTF_8)) {
            lines.add(l.replace(dir.toString(), ""));
        }
        lines.sort(null);
        return lines;
    }
}
