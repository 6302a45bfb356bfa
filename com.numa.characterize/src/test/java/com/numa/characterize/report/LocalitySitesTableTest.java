package com.numa.characterize.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.analysis.KernelShares;
import com.numa.characterize.analysis.Locality;
import com.numa.characterize.run.ApplicationResult;
import com.numa.perfutil.locality.LocalitySites;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code locality_sites.csv}: one row per application and allocation site of Dual Node, in the join's order, only
 * when some run recorded the sites; an application whose recording held nothing to match is named in the note.
 */
class LocalitySitesTableTest {
    private static ApplicationResult app(String name, Optional<List<LocalitySites.Site>> sites) {
        KernelShares k = new KernelShares(Map.of("dual", 40.0), Map.of("dual", 1000L), Map.of(), "provenance", "", sites);
        return new ApplicationResult(name, "", null, Map.of(), null, null, Locality.of(null, null, k), Map.of(), null,
                List.of(), "", List.of());
    }

    @Test
    void oneRowPerSiteAndTheEmptyRecordingsNamed() {
        LocalitySites.Site ring = new LocalitySites.Site("Ring.<init>:12", "long[]", 4, 1 << 20, 256, 100, 300);
        Table t = StudyTables.localitySites(List.of(app("walk", Optional.of(List.of(ring))),
                app("short", Optional.of(List.of())), app("unrecorded", Optional.empty())));
        assertEquals("locality_sites.csv", t.file());
        assertEquals(List.of("application", "site", "type", "objects", "bytes", "sampled_pages", "local_samples",
                "remote_samples", "remote_pct"), t.header());
        assertEquals(List.of(List.of("walk", "Ring.<init>:12", "long[]", "4", "1048576", "256", "100", "300", "75.0")),
                t.rows());
        assertTrue(t.note().contains("No row for short:"), t.note());
        // ten sites per application, most remote first as the join gives them; a plain object's unknown size is empty
        List<LocalitySites.Site> many = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            many.add(new LocalitySites.Site("S.m:" + i, "Node", 1, 0, 1, 1, 12 - i));
        }
        Table capped = StudyTables.localitySites(List.of(app("big", Optional.of(many))));
        assertEquals(10, capped.rows().size());
        assertEquals("S.m:9", capped.rows().get(9).get(1));
        assertEquals("", capped.rows().get(0).get(4));
        assertTrue(!t.note().contains("unrecorded"), t.note());
    }

    @Test
    void theTableIsOnlyThereWhenSitesWereRecorded() {
        assertTrue(StudyTables.all(List.of(app("a", Optional.empty())), provenance()).stream()
                .noneMatch(t -> t.file().equals("locality_sites.csv")));
        assertTrue(StudyTables.all(List.of(app("a", Optional.of(List.of()))), provenance()).stream()
                .anyMatch(t -> t.file().equals("locality_sites.csv")));
    }

    private static Provenance provenance() {
        return new Provenance("2026-01-01", "test machine", 2, "17", "emulated", true, false, List.of("task-clock"), 100,
                Map.of(), "builtin", Map.of(), Map.of());
    }
}
