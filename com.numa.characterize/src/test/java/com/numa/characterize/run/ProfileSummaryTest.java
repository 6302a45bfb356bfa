package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import com.numa.core.classification.SharedObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile summary carries the evidence its shares rest on, from the profiler's summary.json and threads.csv. */
class ProfileSummaryTest {
    private static void threads(Path dir) throws Exception {
        Files.writeString(dir.resolve("threads.csv"), "thread_key,name,reads,writes\n1,main,10,5\n2,w-1,100,50\n3,w-1,1,1\n");
    }

    @Test
    void readsTheSharesAndTheirEvidence(@TempDir Path dir) throws Exception {
        threads(dir);
        Files.writeString(dir.resolve("summary.json"), """
                {"totals": {"accesses": 167, "shared_read_pct": 12.5, "shared_write_pct": 3.25, "unknown_owner_pct": 4.5},
                 "side_table": {"tracked_objects": 10, "refused_objects_table_full": 7},
                 "coverage": {"coverage": "program", "primitives_profiled": true,
                              "jdk_classes_retransformed": "java.util.*,java.util.concurrent.**", "sampling_one_in": 16,
                              "hidden_by_intrinsics": "Base64 encoding"}}
                """);
        ProfileSummary s = ProfileSummary.read(dir);
        assertEquals(12.5, s.sharedReadPct());
        assertEquals(3.25, s.sharedWritePct());
        assertEquals(167, s.accesses());
        assertEquals(Map.of("main", 15.0, "w-1", 152.0), s.accessesByThread());
        assertEquals(4.5, s.unknownOwnerPct());
        assertEquals(7, s.sideTableRefusals());
        assertEquals(16, s.samplingOneIn());
        assertTrue(s.primitivesProfiled());
        assertEquals("java.util.*,java.util.concurrent.**", s.jdkClassesProfiled());
        assertEquals("Base64 encoding", s.hiddenByIntrinsics());
    }

    /** A profile written without the coverage section saw references only, every access, and no loaded JDK class. */
    @Test
    void aProfileWithoutItsCoverageSaysItSawLess(@TempDir Path dir) throws Exception {
        threads(dir);
        Files.writeString(dir.resolve("summary.json"), "{\"totals\": {\"accesses\": 167}}");
        ProfileSummary s = ProfileSummary.read(dir);
        assertFalse(s.primitivesProfiled());
        assertEquals("", s.jdkClassesProfiled());
        assertEquals(1, s.samplingOneIn());
        assertEquals("", s.hiddenByIntrinsics());
        assertTrue(Double.isNaN(s.unknownOwnerPct()));
    }

    /** OA counts work: a thread's accesses to lock and wait machinery (it waited, it did not work) are left out. */
    @Test
    void eachThreadsAccessesLeaveOutItsLockAndWaitMachinery(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("threads.csv"), """
                thread_key,name,reads,writes,synchronizer_accesses
                2,philosopher-0,900,100,400
                3,philosopher-1,700,100,200
                """);
        Files.writeString(dir.resolve("summary.json"), "{\"totals\": {\"accesses\": 1800}}");
        assertEquals(Map.of("philosopher-0", 600.0, "philosopher-1", 600.0), ProfileSummary.read(dir).accessesByThread());
    }

    /** Virtual threads move between carriers: their accesses cannot stand for the carriers' work. */
    @Test
    void virtualThreadsLeaveNoPerThreadWork(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("threads.csv"), """
                thread_key,name,tid,reads,writes,virtual
                1,main,100,10,0,false
                2,ForkJoinPool-1-worker-1,201,5,0,false
                3,,201,100,20,true
                4,,202,110,10,true
                5,ForkJoinPool-1-worker-2,202,7,0,false
                """);
        Files.writeString(dir.resolve("summary.json"), "{\"totals\": {\"accesses\": 262}}");
        ProfileSummary s = ProfileSummary.read(dir);
        assertEquals(2, s.virtualThreads());
        assertEquals(Map.of(), s.workByThread());
        assertEquals(4, s.accessesByThread().size(), "the accesses themselves are kept");
    }

    @Test
    void platformThreadsEachHaveTheirWork(@TempDir Path dir) throws Exception {
        // DestroyJavaVM runs on main's kernel thread when main returns: a shared tid is not a virtual thread
        Files.writeString(dir.resolve("threads.csv"), "thread_key,name,tid,reads,writes,virtual\n1,main,100,10,0,false\n"
                + "2,w-1,201,5,1,false\n3,DestroyJavaVM,100,0,0,false\n");
        Files.writeString(dir.resolve("summary.json"), "{\"totals\": {\"accesses\": 16}}");
        assertEquals(Map.of("main", 10.0, "w-1", 6.0, "DestroyJavaVM", 0.0), ProfileSummary.read(dir).workByThread());
    }

    /** The advice names objects from sites.csv: those with shared accesses, with the threads that shared them. */
    @Test
    void readsTheSitesWithSharedAccessesAndTheirThreads(@TempDir Path dir) throws Exception {
        threads(dir);
        Files.writeString(dir.resolve("summary.json"), "{\"totals\": {\"accesses\": 1000, \"shared_write_pct\": 20}}");
        Files.writeString(dir.resolve("sites.csv"), """
                site_id,class,method,line,stack,type,allocations,allocated_bytes,reads,writes,shared_reads,shared_writes,\
                predicted_remote,shared_reads_after_last_write,read_only,sharing_threads
                7,app.Counters,<init>,12,,long[],1,80,500,300,120,150,0,10,false,w-0<->w-1:200;w-1<->main:5;w-2<->w-1:60
                8,app.Main,main,3,,app.Config,1,16,40,0,0,0,0,0,false,
                """);
        ProfileSummary s = ProfileSummary.read(dir);
        assertEquals(List.of(new SharedObject("long[]", "app.Counters.<init>:12", 120, 150, 10,
                List.of("w-1", "w-0", "w-2", "main"))), s.sharedObjects(), "an unshared site is left out");
        assertEquals(200, s.sharedAccesses(true), 1e-9);
    }
}
