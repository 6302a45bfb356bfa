package com.numa.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.apps.Application;
import com.numa.characterize.apps.Applications;
import com.numa.characterize.apps.AppsDirectory;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code numa characterize --suite apps --quick --configs single}, as a user runs it (the packaged jar's launcher, the
 * apps directory given through the environment as {@code bin/numa} users would): every application completes, and
 * categories.csv has its row with a parallelism category and the paper's counterpart beside it.
 */
class CharacterizeAppsIT {
    private static final Set<String> PARALLELISM = Set.of("Single-Threaded", "TLP-Bound", "Embarrassingly Imbalanced",
            "Imbalanced", "Explicitly Parallel");

    @Test
    void everyApplicationIsCharacterized() throws Exception {
        Path out = Path.of(System.getProperty("numa.test.output"), "characterize-apps");
        ChildRun r = ChildJvm.current().env(AppsDirectory.ENVIRONMENT, System.getProperty(AppsDirectory.PROPERTY))
                .launch(List.of("-jar", Corpus.agentJar().toString(), "characterize", "--suite", "apps", "--quick",
                        "--configs", "single", "--threads", "2", "--out", out.toString()))
                .timeout(Duration.ofMinutes(12)).run();
        List<String> rows = Files.readAllLines(out.resolve("categories.csv"));
        List<String> failed = rows.stream().skip(1).filter(l -> !l.endsWith(",")).toList();
        assertEquals(0, r.exitCode(), () -> "failed rows " + failed + "\n" + r.diagnostics());
        for (Application a : Applications.all()) {
            String row = rows.stream().filter(l -> l.startsWith(a.name() + ",")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + a.name() + " in " + rows));
            String parallelism = row.split(",")[1];
            assertTrue(PARALLELISM.contains(parallelism), row);
            assertTrue(row.contains("," + a.paperCounterpart() + ","), "the paper's counterpart beside ours: " + row);
        }
    }
}
