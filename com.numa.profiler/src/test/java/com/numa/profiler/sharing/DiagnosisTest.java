package com.numa.profiler.sharing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.sharing.Facts.Run;
import com.numa.profiler.sharing.Facts.SiteFact;
import com.numa.profiler.sharing.Facts.ThreadFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** NumaPerf's scores and the reporting rules of {@link Diagnosis}, on scripted facts. */
class DiagnosisTest {
    private static final Thresholds LOW = Thresholds.parse(
            "remote=1,false-sharing=0.01,true-sharing=0.01,duplication-candidate=1,thread-migration=1,imbalance=1.5");

    private static ThreadFact app(int key, String name, long accesses) {
        return new ThreadFact(key, 100 + key, key, name, "application", accesses);
    }

    private static SiteFact site(int id, long reads, long writes, long remote, long sharedObjectReads, long afterLastWrite,
            Map<String, Long> readers) {
        return new SiteFact(id, "a.B.m:" + id, "a.T" + id, false, 1, 32, reads, writes, 0, 0, remote,
                sharedObjectReads, afterLastWrite, readers, Map.of("t", remote));
    }

    private static Run run(double ms, List<ThreadFact> threads, List<SiteFact> sites) {
        return new Run(ms, 2, threads, sites);
    }

    private static List<Issue> of(List<Issue> issues, IssueKind kind) {
        return issues.stream().filter(i -> i.kind() == kind).toList();
    }

    @Test
    void falseAndTrueSharingScoresAreInvalidationsPerMillisecondPerThread() {
        Findings f = new Findings(1, "a.T1", false);
        f.objects = 1;
        f.falseInvalidations = 1000;
        f.trueInvalidations = 40;
        f.falseWords.add("x@12");
        f.trueWords.add("y@16");
        List<ThreadFact> threads = List.of(app(1, "w-1", 10), app(2, "w-2", 10),
                new ThreadFact(3, 101, 3, "DestroyJavaVM", "main", 5)); // same tid as w-1: one thread
        List<Issue> issues = Diagnosis.diagnose(run(100, threads, List.of()), List.of(f), null, LOW);
        assertEquals(1000 / (100.0 * 2), of(issues, IssueKind.FALSE_SHARING).get(0).score(), 1e-9);
        assertEquals(40 / (100.0 * 2), of(issues, IssueKind.TRUE_SHARING).get(0).score(), 1e-9);
        assertEquals("x@12", of(issues, IssueKind.FALSE_SHARING).get(0).words());
    }

    /** Advice never asks to annotate or pad a class of the JDK: the user cannot change it; it names what they can do. */
    @Test
    void sharingAdviceNeverAsksToAnnotateOrPadAJdkClass() {
        for (String type : List.of("java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.ConcurrentHashMap$Node",
                "javax.swing.Foo", "jdk.internal.misc.Bar", "sun.nio.ch.Baz")) {
            Findings f = new Findings(1, type, false);
            f.falseInvalidations = 1000;
            f.falseWords.add("value@16");
            f.falseWords.add("hash@12");
            f.falseWrote.put(1, new java.util.LinkedHashSet<>(List.of("value@16")));
            String advice = Diagnosis.falseSharingAdvice(f);
            assertFalse(advice.contains("annotate") || advice.contains("@Contended") || advice.contains("padding fields"),
                    type + ": " + advice);
            assertTrue(advice.contains("LongAdder") && advice.contains("per-thread") && advice.contains("padded holder"),
                    type + ": " + advice);
            f.trueInvalidations = 10;
            f.trueCounter = true;
            String trueAdvice = Diagnosis.trueSharingAdvice(f);
            assertFalse(trueAdvice.contains("annotate") || trueAdvice.contains("@Contended"), trueAdvice);
        }
        Findings own = new Findings(1, "com.example.Counters", false);
        own.falseWrote.put(1, new java.util.LinkedHashSet<>(List.of("hits@12")));
        assertTrue(Diagnosis.falseSharingAdvice(own).contains("@jdk.internal.vm.annotation.Contended"));
    }

    @Test
    void remoteIsPerMillisecondAndLeftOutWhenInvalidationsDominate() {
        List<ThreadFact> threads = List.of(app(1, "t", 10));
        SiteFact s = site(1, 800, 200, 1000, 0, 0, Map.of());
        Findings f = new Findings(1, "a.T1", false);
        f.falseInvalidations = 400;
        List<Issue> issues = Diagnosis.diagnose(run(50, threads, List.of(s)), List.of(f), null, LOW);
        assertEquals(1000 / 50.0, of(issues, IssueKind.REMOTE).get(0).score(), 1e-9);
        f.falseInvalidations = 600; // more than half the remote accesses: sharing is the cause (NumaPerf 3.2.2)
        assertTrue(of(Diagnosis.diagnose(run(50, threads, List.of(s)), List.of(f), null, LOW), IssueKind.REMOTE).isEmpty());
    }

    @Test
    void duplicationNeedsTwoReadersReadMostlyDataReadAfterItsLastWrite() {
        List<ThreadFact> threads = List.of(app(1, "t", 10));
        Map<String, Long> two = Map.of("r-1", 450L, "r-2", 450L);
        assertEquals(850 / 10.0, of(Diagnosis.diagnose(run(10, threads, List.of(site(1, 1000, 50, 0, 900, 850, two))),
                List.of(), null, LOW), IssueKind.DUPLICATION_CANDIDATE).get(0).score(), 1e-9);
        for (SiteFact s : List.of(site(1, 1000, 50, 0, 900, 800, two), // 800 < 90% of 900 after the last write
                site(1, 1000, 200, 0, 900, 850, two), // writes are 17% of the accesses
                site(1, 1000, 50, 0, 900, 850, Map.of("r-1", 900L)))) { // one reader
            assertTrue(of(Diagnosis.diagnose(run(10, threads, List.of(s)), List.of(), null, LOW),
                    IssueKind.DUPLICATION_CANDIDATE).isEmpty(), s.toString());
        }
    }

    @Test
    void threadMigrationIsNumaPerfsFormula() {
        List<ThreadFact> threads = List.of(app(1, "w-1", 10), app(2, "w-2", 10));
        ContentionSampler.Snapshot w = new ContentionSampler.Snapshot(List.of(
                new ContentionSampler.ThreadWaits(1, "w-1", 100, 200, 0, 9),
                new ContentionSampler.ThreadWaits(2, "w-2", 0, 300, 0, 9)), 10, 5, 2.0);
        Issue m = of(Diagnosis.diagnose(run(2000, threads, List.of()), List.of(), w, LOW), IssueKind.THREAD_MIGRATION).get(0);
        // S = p * sum(m_t) / (rt * |T|) = 0.5 * 600 / (2 s * 2 threads)
        assertEquals(75, m.score(), 1e-9);
        assertTrue(m.advice().contains("-XX:+NUMAOpts"), m.advice());
        assertTrue(m.threads().startsWith("w-1 100 contended enters, 200 waits"), m.threads());
    }

    @Test
    void imbalanceComparesThreadTypesThatRanTogether() {
        List<ThreadFact> threads = new ArrayList<>(List.of(app(1, "parser-1", 900), app(2, "parser-2", 900),
                app(3, "writer-1", 100), app(4, "loader-1", 5000)));
        ContentionSampler.Snapshot w = new ContentionSampler.Snapshot(List.of(
                new ContentionSampler.ThreadWaits(1, "parser-1", 0, 0, 5, 9),
                new ContentionSampler.ThreadWaits(2, "parser-2", 0, 0, 5, 9),
                new ContentionSampler.ThreadWaits(3, "writer-1", 0, 0, 6, 8),
                new ContentionSampler.ThreadWaits(4, "loader-1", 0, 0, 0, 3)), 10, 5, 1.0)
                ;
        Issue i = of(Diagnosis.diagnose(run(1000, threads, List.of()), List.of(), w, LOW), IssueKind.IMBALANCE).get(0);
        // loader-# ran before the others: parser-# (900 per thread) against writer-# (100)
        assertEquals(9, i.score(), 1e-9);
        assertEquals("parser-#; writer-#", i.type());
        assertTrue(i.advice().endsWith("for the same 3 threads: parser-# 3; writer-# 1"), i.advice());
    }

    @Test
    void issuesAreRankedByHowFarTheyPassTheirThreshold() {
        Findings f = new Findings(1, "a.T1", false);
        f.falseInvalidations = 10; // 10 / (10 ms * 1) = 1 = 100 x 0.01
        Findings g = new Findings(2, "a.T2", false);
        g.trueInvalidations = 5; // 0.5 = 50 x 0.01
        List<ThreadFact> threads = List.of(app(1, "t", 10));
        SiteFact s = site(3, 1, 0, 1000, 0, 0, Map.of()); // 100 remote/ms = 100 x 1, same as f: kind order breaks the tie
        List<Issue> issues = Diagnosis.diagnose(run(10, threads, List.of(s)), List.of(f, g), null, LOW);
        assertEquals(List.of(IssueKind.REMOTE, IssueKind.FALSE_SHARING, IssueKind.TRUE_SHARING),
                issues.stream().map(Issue::kind).toList());
        assertEquals(List.of(1, 2, 3), issues.stream().map(Issue::rank).toList());
    }

    @Test
    void thresholdsParseWithDefaultsAndRefuseBadInput() {
        Thresholds t = Thresholds.parse("false-sharing=2, remote=0");
        assertEquals(2, t.of(IssueKind.FALSE_SHARING));
        assertEquals(0, t.of(IssueKind.REMOTE));
        assertEquals(IssueKind.IMBALANCE.defaultThreshold(), t.of(IssueKind.IMBALANCE));
        assertEquals(t, Thresholds.parse(t.format()));
        for (String bad : List.of("falsesharing=1", "remote", "remote=-1", "remote=x", "remote=Infinity")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Thresholds.parse(bad));
            assertTrue(e.getMessage().contains("false-sharing"), e.getMessage());
        }
    }

    @Test
    void threadTypesAreNamesUpToTheirNumbers() {
        assertEquals("pool-#-thread-#", Diagnosis.threadType("pool-12-thread-3"));
        assertEquals("worker", Diagnosis.threadType("worker"));
    }
}
