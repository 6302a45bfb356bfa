package com.numa.characterize.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a directory holds, read from scripted files: a characterization with its runs' iterations, bad inputs. */
class OutputReaderTest {
    @TempDir
    Path tmp;

    @Test
    void aCharacterizationsTable6TakesItsRangeFromTheRunsIterations() throws IOException {
        Files.writeString(tmp.resolve("characterization.json"), """
                {"provenance": {"topology": "emulated, 2 nodes", "cpus": 2},
                 "tables": {
                  "categories": {"rows": [{"application": "my app", "parallelism": "Parallel",
                      "data_dependency": "Data Parallel", "locality_bound": "no", "confidence": "high"}]},
                  "table4_sharing": {"rows": [{"application": "my app", "shared_read_pct": "2.5",
                      "shared_write_pct": "0.10"}]},
                  "table6_scaling": {"rows": [{"application": "my app", "single_median_ms": "110.0",
                      "dual_median_ms": "", "all_median_ms": "61.0"}]}}}
                """);
        Path run = tmp.resolve("runs/my_app/single-counters");
        Files.createDirectories(run);
        Files.writeString(run.resolve("run.json"), """
                {"benchmark": "my app", "configuration": "single", "kind": "counters", "fingerprint": "f",
                 "exitCode": 0, "wallNs": 1, "iterationNs": [100000000, 110000000, 120000000], "windowed": true,
                 "warmups": 1, "failure": "", "warnings": [], "application": null}
                """);
        Output o = OutputReader.read(tmp);
        assertEquals(Output.Kind.CHARACTERIZATION, o.kind());
        Output.Application a = o.applications().get(0);
        assertEquals("Parallel", a.categories().get("parallelism"));
        assertEquals(2.5, a.sharedReadPct().value());
        assertEquals(new Measured(110, 100, 120, 3), a.medianMs().get("single"));
        assertEquals(Measured.once(61), a.medianMs().get("all"), "no run.json: the median alone");
        assertTrue(!a.medianMs().containsKey("dual"));
        assertEquals("emulated, 2 nodes", o.conditions().get("topology"));
    }

    @Test
    void aMissingDirectoryOrOneWithoutOutputsIsBadUsageADamagedOneCannotBeRead() throws IOException {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> OutputReader.read(tmp.resolve("nope")));
        assertTrue(missing.getMessage().endsWith("nope: no such directory"), missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> OutputReader.read(tmp));
        Files.writeString(tmp.resolve("characterization.json"), "{\"tables\": {\"table4_sharing\": {\"rows\": "
                + "[{\"application\": \"x\", \"shared_read_pct\": \"lots\"}]}}}");
        assertThrows(IOException.class, () -> OutputReader.read(tmp));
    }
}
