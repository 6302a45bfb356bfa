package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Ranking of sites.csv, types.csv and the exit summary, from scripted counters. */
class ProfileReportTest {

    @Test
    void sitesAreRankedBySharedAccessesAndTheSummaryListsTheHeadOfSitesCsv() {
        // finding 7: sites.csv was the top N by total accesses, so the stderr "top shared sites" were partly missing
        SiteRegistry registry = new SiteRegistry();
        ProfiledThread t = new ProfiledThread(1, Thread.currentThread(), Thread.currentThread().getId());
        for (int i = 0; i < 30; i++) {
            int id = registry.addSite("app/Busy" + i, "run", 1, "app.Private" + i, false);
            t.site(id).reads = 1_000_000 + i; // busy, never shared
        }
        int shared = registry.addSite("app/Shared", "run", 2, "app.SharedBox", false);
        t.site(shared).reads = 10;
        t.site(shared).sharedReads = 7;
        ProfileReport r = new ProfileReport(new ProfiledThread[] {t}, registry);
        String sites = new ReportWriter(null, 20).sites(r);
        List<String> rows = sites.lines().toList();
        assertTrue(rows.get(1).contains("app.Shared"), "the shared site comes first: " + sites);
        assertTrue(rows.get(2).contains("1000029"), "then by total accesses: " + sites);
        assertEquals(21, rows.size(), "header + top 20");
        String summary = ReportWriter.stderrSummary(r, 10, false);
        assertTrue(summary.contains("app.Shared.run"), summary);
        assertTrue(new ReportWriter(null, 20).types(r).lines().skip(1).findFirst().orElseThrow().startsWith("app.SharedBox"));
    }
}
