package com.numa.profiler.report;

import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.SiteCounters;
import com.numa.profiler.tracking.SiteRegistry;
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
        String summary = ReportWriter.stderrSummary(r, 10, false, false);
        assertTrue(summary.contains("app.Shared.run"), summary);
        assertTrue(new ReportWriter(null, 20).types(r).lines().skip(1).findFirst().orElseThrow().startsWith("app.SharedBox"));
    }

    @Test
    void readOnlySharedDataRanksAfterWrittenSharedDataAndTheSummarySaysSo() {
        SiteRegistry registry = new SiteRegistry();
        ProfiledThread main = new ProfiledThread(1, Thread.currentThread(), Thread.currentThread().getId());
        ProfiledThread worker = new ProfiledThread(2, Thread.currentThread(), Thread.currentThread().getId());
        int constants = registry.staticStorageId("app/Colour");
        SiteCounters c = worker.site(constants);
        c.reads = c.sharedReads = c.readsOfSharedObjects = 1_000_000; // read by others, never written once shared
        c.countSharer(1, 1_000_000);
        int counter = registry.addSite("app/Main", "main", 7, "app.Counter", false);
        SiteCounters w = worker.site(counter);
        w.reads = 50;
        w.sharedReads = 40;
        w.writes = w.writesAfterPublication = 10;
        w.countSharer(1, 40);
        SiteCounters m = main.site(counter);
        m.writes = m.sharedWrites = m.writesAfterPublication = 5;
        m.countSharer(2, 5);
        int privateWritten = registry.addSite("app/Main", "main", 9, "app.Scratch", false);
        main.site(privateWritten).writes = 5_000_000; // nobody else touched it: neither shared nor read-only
        ProfileReport r = new ProfileReport(new ProfiledThread[] {main, worker}, registry);
        assertTrue(ProfileReport.readOnly(r.sites.get(1).counts()));
        assertEquals("app.Counter", r.sites.get(0).site().type(), "written shared data first");
        assertEquals("app.Colour.<statics>", r.sites.get(1).site().type(), "then read-only shared data");
        assertEquals("app.Scratch", r.sites.get(2).site().type(), "then the rest");
        List<String> rows = new ReportWriter(null, 20).sites(r).lines().toList();
        assertTrue(rows.get(0).endsWith(",read_only,sharing_threads"), rows.get(0));
        // the two threads share the counter both ways: 40 shared reads by the worker, 5 shared writes by main; both
        // carry this thread's name, so the keys tell them apart
        assertTrue(rows.get(1).matches(".*,false,[^,;]+#1<->[^,;]+#2:45"), rows.get(1));
        assertTrue(rows.get(2).contains(",true,"), rows.get(2));
        assertTrue(rows.get(3).endsWith(",false,"), rows.get(3));
        String summary = ReportWriter.stderrSummary(r, 10, false, false);
        assertTrue(summary.lines().anyMatch(l -> l.contains("app.Colour.<statics>") && l.contains("(read-only)")), summary);
        assertTrue(summary.lines().anyMatch(l -> l.contains("app.Main.main:7") && !l.contains("(read-only)")
                && l.contains("most between")), summary);
    }

    /** A thread's accesses to locks, conditions and pool bookkeeping are counted, and reported apart in threads.csv. */
    @Test
    void accessesToLockAndWaitMachineryAreReportedApartPerThread() {
        SiteRegistry registry = new SiteRegistry();
        ProfiledThread t = new ProfiledThread(1, Thread.currentThread(), Thread.currentThread().getId());
        t.site(registry.addSite("app/Table", "<init>", 3, "java.util.concurrent.locks.ReentrantLock$NonfairSync", false))
                .reads = 700;
        t.site(registry.addSite("java/util/concurrent/locks/AbstractQueuedSynchronizer", "await", 1,
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode", false)).writes = 20;
        t.site(registry.addSite("java/util/concurrent/ForkJoinPool", "registerWorker", 1,
                "java.util.concurrent.ForkJoinPool$WorkQueue", false)).reads = 5;
        t.site(registry.addSite("app/Table", "<init>", 4, "app.Fork", false)).reads = 300;
        t.site(registry.addSite("app/Table", "<init>", 5, "java.util.concurrent.ForkJoinPoolish", false)).reads = 1;
        t.reads = 1006;
        t.writes = 20;
        ProfileReport r = new ProfileReport(new ProfiledThread[] {t}, registry);
        assertEquals(725, r.threads.get(0).synchronizerAccesses());
        List<String> rows = ReportWriter.threads(r).lines().toList();
        assertTrue(rows.get(0).endsWith(",synchronizer_accesses,virtual"), rows.get(0));
        assertTrue(rows.get(1).endsWith(",725,false"), rows.get(1));
    }
}
