package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.core.threads.ThreadIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Per-thread counting with real perf_event_open on software events. */
public class PerfThreadSamplerTest {
    private final List<String> log = new CopyOnWriteArrayList<>();

    private static ThreadSample of(List<ThreadSample> samples, int tid) {
        return samples.stream().filter(s -> s.thread().tid() == tid).findFirst().orElse(null);
    }

    @Test
    void aBusyThreadsTaskClockDominatesAnIdleOnes() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch idleGo = new CountDownLatch(1);
        TidThread busy = TidThread.start("busy", () -> {
            while (!stop.get()) {
                PerfEventGroupTest.burn(1_000_000);
            }
        });
        TidThread idle = TidThread.start("idle", () -> {
            try {
                idleGo.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<ThreadIdentity> dir = List.of(busy.identity(), idle.identity());
        try (ThreadSampler s = PerfUtil.perThread(List.of("task-clock", "context-switches"), () -> dir, log::add)) {
            List<ThreadSample> first = s.sample();
            assertEquals(2, first.size());
            Thread.sleep(400);
            List<ThreadSample> second = s.sample();
            long busyNs = of(second, busy.tid).value("task-clock").minus(of(first, busy.tid).value("task-clock")).raw();
            long idleNs = of(second, idle.tid).value("task-clock").minus(of(first, idle.tid).value("task-clock")).raw();
            assertTrue(busyNs > 5_000_000L, "busy thread ran at least 5 ms of its 400 ms: " + busyNs);
            assertTrue(busyNs > 20 * Math.max(idleNs, 1), "busy " + busyNs + " ns vs idle " + idleNs + " ns");
            assertEquals("busy", of(second, busy.tid).thread().name());
            assertFalse(of(second, busy.tid).ended());
        } finally {
            stop.set(true);
            idleGo.countDown();
        }
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void theMainThreadReattachedAsDestroyJavaVmKeepsCounting() throws Exception {
        // finding 4: the DestroyJavaVM thread on the main tid was taken for a new thread (main ended, counts from 0)
        AtomicBoolean stop = new AtomicBoolean();
        TidThread busy = TidThread.start("main", () -> {
            while (!stop.get()) {
                PerfEventGroupTest.burn(1_000_000);
            }
        });
        List<ThreadIdentity> dir = new CopyOnWriteArrayList<>(List.of(new ThreadIdentity(busy.tid, "main", 1, false,
                com.numa.core.threads.ThreadRole.MAIN)));
        try (ThreadSampler s = PerfUtil.perThread(List.of("task-clock"), () -> List.copyOf(dir), log::add)) {
            long before = s.sample().get(0).value("task-clock").raw();
            Thread.sleep(100);
            dir.set(0, new ThreadIdentity(busy.tid, "DestroyJavaVM", 77, false, com.numa.core.threads.ThreadRole.MAIN));
            List<ThreadSample> after = s.sample();
            assertEquals(1, after.size(), "one reading for the one kernel thread: " + after);
            assertFalse(after.get(0).ended());
            assertTrue(after.get(0).value("task-clock").raw() > before, "the count goes on: " + after);
        } finally {
            stop.set(true);
        }
    }

    @Test
    void aSleepingThreadsContextSwitchesGrow() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch slept = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        TidThread sleeper = TidThread.start("sleeper", () -> {
            try {
                go.await();
                for (int i = 0; i < 40; i++) {
                    Thread.sleep(2);
                }
                slept.countDown();
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (ThreadSampler s = PerfUtil.perThread(List.of("context-switches", "task-clock"), () -> List.of(sleeper.identity()),
                log::add)) {
            long before = s.sample().get(0).value("context-switches").raw();
            go.countDown();
            assertTrue(slept.await(30, TimeUnit.SECONDS));
            long after = s.sample().get(0).value("context-switches").raw();
            assertTrue(after - before >= 20, "40 sleeps should switch at least 20 times: " + before + " -> " + after);
        } finally {
            done.countDown();
        }
    }

    @Test
    void instructionsOnThisMachineFallBackWithOneMessage() throws Exception {
        Assumptions.assumeFalse(PmuCatalog.system().hasCorePmu(), "this machine has a hardware PMU");
        TidThread t = TidThread.start("counted", () -> PerfEventGroupTest.burn(200_000_000));
        try (ThreadSampler s = PerfUtil.perThread(List.of("instructions", "task-clock"), () -> List.of(t.identity()),
                log::add)) {
            assertEquals(List.of("task-clock"), s.events());
            assertEquals(1, log.size(), log.toString());
            assertTrue(log.get(0).contains("instructions: not counted: this machine has no hardware PMU (virtual machine"
                    + " without a virtual PMU); counting the software events only"), log.get(0));
            assertNotNull(s.sample().get(0).value("task-clock"));
        }
        log.clear();
        try (ThreadSampler s = PerfUtil.perThread(List.of("instructions", "cycles"), () -> List.of(t.identity()), log::add)) {
            assertEquals(List.of("task-clock"), s.events());
            assertEquals(1, log.size(), log.toString());
            assertTrue(log.get(0).contains("instructions, cycles: not counted") && log.get(0).endsWith(
                    "counting task-clock instead"), log.get(0));
            assertTrue(s.sample().get(0).value("task-clock").raw() >= 0);
        }
    }

    @Test
    void twelveSoftwareEventsInGroupsOfFourAllReadBack() throws Exception {
        List<String> twelve = List.of("cpu-clock", "task-clock", "page-faults", "faults", "context-switches", "cs",
                "cpu-migrations", "migrations", "minor-faults", "major-faults", "alignment-faults", "emulation-faults");
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch worked = new CountDownLatch(1);
        TidThread worker = TidThread.start("worker", () -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[][] pages = new byte[256][];
            for (int i = 0; i < pages.length; i++) {
                pages[i] = new byte[16 * 1024];
                PerfEventGroupTest.burn(100_000);
            }
            worked.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Set<Integer> before = perfFds();
        try (PerfThreadSampler s = PerfUtil.perThread(twelve, () -> List.of(worker.identity()), log::add,
                new GroupPlanner(4, 4))) {
            assertEquals(0, perfFds().size() - before.size(), "counters open at the first sample");
            s.sample();
            assertEquals(12, perfFds().size() - before.size(), "one fd per event");
            // a task's counters accrue enabled time only while it runs: let it run after they opened
            go.countDown();
            assertTrue(worked.await(30, TimeUnit.SECONDS));
            ThreadSample sample = s.sample().get(0);
            assertEquals(twelve, sample.values().stream().map(CounterValue::event).toList());
            for (CounterValue v : sample.values()) {
                assertTrue(v.enabledNs() > 0, v.toString());
                assertEquals(100.0, v.coveragePct(), 1e-9, "software events are never multiplexed out: " + v);
                assertTrue(v.raw() >= 0);
            }
            assertEquals(List.of(twelve.subList(0, 4), twelve.subList(4, 8), twelve.subList(8, 12)), s.groups());
            assertTrue(sample.value("task-clock").raw() > 0);
            assertEquals(sample.value("cs").raw(), sample.value("context-switches").raw(), 2,
                    "same event, same group, one read");
        } finally {
            done.countDown();
        }
        assertEquals(before, perfFds());
    }

    @Test
    void aPmuQualifiedEventFromThisMachinesSysfsCounts() throws Exception {
        // the msr PMU (x86) counts the TSC per task even in a VM without a core PMU
        Assumptions.assumeTrue(Files.exists(PmuCatalog.SYSFS_ROOT.resolve("msr/events/tsc")), "no msr PMU here");
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        TidThread t = TidThread.start("tsc", () -> {
            try {
                go.await();
                PerfEventGroupTest.burnCpu(50_000_000);
                done.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (PerfThreadSampler s = PerfUtil.perThread(List.of("task-clock", "msr/tsc/", "msr/event=0x00/"),
                () -> List.of(t.identity()), log::add, GroupPlanner.defaults())) {
            assertEquals(List.of(List.of("task-clock"), List.of("msr/tsc/", "msr/event=0x00/")), s.groups());
            s.sample();
            go.countDown();
            assertTrue(done.await(30, TimeUnit.SECONDS));
            ThreadSample x = s.sample().get(0);
            long tsc = x.value("msr/tsc/").raw();
            long ns = x.value("task-clock").raw();
            assertTrue(ns > 45_000_000L, "the thread burned 50 ms of CPU time: " + x);
            double ghz = (double) tsc / ns;
            assertTrue(ghz > 0.2 && ghz < 10, "TSC ticks per ns of CPU time: " + ghz);
            assertEquals(tsc, x.value("msr/event=0x00/").raw(), tsc * 0.01, "the alias and its terms are one event");
        }
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void badRequestsAreRejectedWithTheFix() {
        IllegalArgumentException none = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PerfUtil.perThread(List.of(), List::of, log::add));
        assertTrue(none.getMessage().contains("e.g. task-clock"), none.getMessage());
        IllegalArgumentException typo = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PerfUtil.perThread(List.of("task-clok"), List::of, log::add));
        assertTrue(typo.getMessage().contains("did you mean task-clock"), typo.getMessage());
        IllegalArgumentException twice = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PerfUtil.perThread(List.of("cs", "cs"), List::of, log::add));
        assertTrue(twice.getMessage().contains("requested twice"), twice.getMessage());
    }

    @Test
    void aThreadThatDiedBeforeOpenIsSkippedSilently() throws Exception {
        TidThread gone = TidThread.start("gone", () -> { });
        gone.thread.join();
        while (Files.exists(Path.of("/proc/self/task/" + gone.tid))) {
            Thread.sleep(5);
        }
        TidThread here = TidThread.start("here", () -> PerfEventGroupTest.burn(50_000_000));
        try (PerfThreadSampler s = PerfUtil.perThread(List.of("task-clock"), () -> List.of(gone.identity(), here.identity()),
                log::add, GroupPlanner.defaults())) {
            List<ThreadSample> samples = s.sample();
            assertEquals(List.of(here.tid), samples.stream().map(x -> x.thread().tid()).toList());
            assertTrue(log.isEmpty(), log.toString());
        }
    }

    @Test
    void twoThousandShortLivedThreadsLeakNoFds() throws Exception {
        Set<Integer> tidsAcrossSamples = ConcurrentHashMap.newKeySet();
        Map<Integer, String> fdsBefore = openFds();
        Set<Integer> perfBefore = perfFds();
        int started = 0;
        int maxTracked = 0;
        CountDownLatch previousHold = new CountDownLatch(0);
        List<Thread> all = new ArrayList<>();
        PerfThreadSampler s = PerfUtil.perThread(List.of("task-clock", "context-switches", "page-faults", "cs"),
                new ProcThreadDirectory(), log::add, GroupPlanner.defaults());
        try {
            for (int batch = 0; batch < 20; batch++) {
                CountDownLatch hold = new CountDownLatch(1);
                CountDownLatch held = new CountDownLatch(10);
                for (int i = 0; i < 100; i++) {
                    boolean longLived = i < 10;
                    Thread t = new Thread(() -> {
                        PerfEventGroupTest.burn(20_000);
                        if (longLived) {
                            tidsAcrossSamples.add(com.numa.perfutil.linux.LinuxSyscalls.gettid());
                            held.countDown();
                            try {
                                hold.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }, "short-" + batch + "-" + i);
                    t.start();
                    all.add(t);
                    started++;
                }
                assertTrue(held.await(30, TimeUnit.SECONDS));
                s.sample();
                maxTracked = Math.max(maxTracked, s.trackedThreads());
                // threads held in this batch live across this sample and end before the next one
                previousHold.countDown();
                previousHold = hold;
            }
            previousHold.countDown();
            for (Thread t : all) {
                t.join();
            }
            waitUntilGone(tidsAcrossSamples);
            s.sample();
        } finally {
            s.close();
            s.close();
        }
        assertEquals(2000, started);
        assertTrue(maxTracked >= 10, "the sampler tracked the held threads: " + maxTracked);
        Set<Integer> endedTids = new java.util.HashSet<>();
        for (ThreadSample e : s.endedThreads()) {
            assertTrue(e.ended());
            assertEquals(4, e.values().size());
            endedTids.add(e.thread().tid());
        }
        assertTrue(endedTids.containsAll(tidsAcrossSamples),
                "every thread that lived across a sample got a final sample");
        assertEquals(perfBefore, perfFds(), "no perf fd left open");
        // Only what the sampler can open: perf events and /proc files. The JVM closing or opening a jar of its own in
        // the meantime is not a leak (a plain count once failed in CI when something else closed an fd).
        Map<Integer, String> opened = new java.util.TreeMap<>(openFds());
        opened.entrySet().removeAll(fdsBefore.entrySet());
        opened.values().removeIf(target -> !target.startsWith("/proc/") && !target.startsWith("anon_inode:"));
        assertEquals(Map.of(), opened, "no fd the sampler could have opened is left open");
        assertTrue(log.isEmpty(), log.toString());
    }

    private static void waitUntilGone(Set<Integer> tids) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int tid : tids) {
            while (Files.exists(Path.of("/proc/self/task/" + tid)) && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
        }
    }

    /** Open descriptors and what they point to, read after the listing's own fd is closed. */
    public static Map<Integer, String> openFds() throws IOException {
        List<Path> listed;
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            listed = s.toList();
        }
        Map<Integer, String> out = new java.util.TreeMap<>();
        for (Path p : listed) {
            try {
                out.put(Integer.parseInt(p.getFileName().toString()), Files.readSymbolicLink(p).toString());
            } catch (IOException closedMeanwhile) {
                // the listing's own fd, or one closed since the listing
            }
        }
        return out;
    }

    /** The open perf-event descriptors. */
    public static Set<Integer> perfFds() throws IOException {
        Set<Integer> out = new java.util.TreeSet<>();
        openFds().forEach((fd, target) -> {
            if (target.contains("perf_event")) {
                out.add(fd);
            }
        });
        return out;
    }
}
