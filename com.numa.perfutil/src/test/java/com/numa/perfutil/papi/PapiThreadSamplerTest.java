package com.numa.perfutil.papi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.numa.perfutil.threads.ThreadInventory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Real libpapi. The development machines have no hardware PMU: software events (perf::TASK-CLOCK) count, presets are
 * unavailable, and PAPI refuses PAPI_attach, so most tests let each counted thread open its own event set
 * ({@link SelfCountingWorker}) and the sampler reads, ends and releases them from outside, as it does attached ones.
 */
class PapiThreadSamplerTest {
    private static final String TASK_CLOCK = "perf::TASK-CLOCK";

    /** A hardware PMU registers the "cpu" event source (x86; "armv8_pmuv3*" on arm64). */
    private static boolean hasHardwarePmu() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/sys/bus/event_source/devices"))) {
            return s.map(p -> p.getFileName().toString()).anyMatch(n -> n.equals("cpu") || n.startsWith("armv8"));
        }
    }

    private static long perfFds() throws IOException {
        return com.numa.perfutil.counters.PerfThreadSamplerTest.perfFds().size();
    }

    private static ThreadSample of(List<ThreadSample> samples, int tid) {
        return samples.stream().filter(s -> s.thread().tid() == tid).findFirst().orElse(null);
    }

    private static void assertBusyDominatesIdle(List<ThreadSample> samples, int busy, int idle) {
        CounterValue busyClock = of(samples, busy).value(TASK_CLOCK);
        CounterValue idleClock = of(samples, idle).value(TASK_CLOCK);
        // task-clock counts nanoseconds on a CPU: the busy thread burnt >= 300 ms of CPU time
        assertTrue(busyClock.raw() >= 250_000_000L, "busy " + busyClock);
        assertTrue(busyClock.raw() > 20 * Math.max(1, idleClock.raw()), busyClock + " vs idle " + idleClock);
        assertTrue(busyClock.enabledNs() > 0);
        assertEquals(busyClock.enabledNs(), busyClock.runningNs());
        assertEquals(100.0, busyClock.coveragePct());
    }

    /**
     * PAPI 7's libpfm4 does not know every CPU (an AMD family 0x1a guest says "no default PMU found"): its perf_event
     * component is then disabled and no perf:: event exists, so tests that count with PAPI cannot run there.
     */
    static void assumePerfComponent() {
        String problem = PapiThreadSampler.perfComponentProblem();
        assumeTrue(problem == null, "PAPI cannot count on this machine: " + problem);
    }

    @Test
    void aDisabledPerfComponentIsNamedAsTheCause() {
        String problem = PapiThreadSampler.perfComponentProblem();
        assumeTrue(problem != null && problem.contains("disabled"), "PAPI's perf_event component works here");
        PapiException e = assertThrows(PapiException.class, () -> PapiThreadSampler.open(List.of(TASK_CLOCK), List::of));
        assertTrue(e.getMessage().contains("perf_event component is disabled") && e.getMessage().contains(TASK_CLOCK)
                && e.getMessage().contains("-XX:PerfUtilBackend=perf"), e.getMessage());
    }

    @Test
    void availabilityMatchesTheMachine() throws Exception {
        String reason = PapiThreadSampler.availability();
        String component = PapiThreadSampler.perfComponentProblem();
        if (component != null) {
            assertEquals(component, reason, "a disabled component is the first reason");
        } else if (hasHardwarePmu()) {
            assertNull(reason);
        } else {
            assertNotNull(reason);
            assertTrue(reason.contains("PAPI_attach") && reason.contains("PMU") && reason.contains("perf_event_open"),
                    reason);
            PapiException e = assertThrows(PapiException.class,
                    () -> PapiThreadSampler.open(List.of(TASK_CLOCK), List::of));
            assertTrue(e.getMessage().contains(reason), e.getMessage());
        }
    }

    @Test
    void attachedTaskClockOfBusyThreadDominatesIdleThread() throws Exception {
        assumeTrue(PapiThreadSampler.availability() == null, "PAPI_attach needs a hardware PMU here");
        try (SelfCountingWorker idle = new SelfCountingWorker("papi-idle");
                SelfCountingWorker busy = new SelfCountingWorker("papi-busy");
                PapiThreadSampler sampler = PapiThreadSampler.open(List.of(TASK_CLOCK),
                        () -> SelfCountingWorker.identities(idle, busy))) {
            busy.spin(300);
            assertBusyDominatesIdle(sampler.sample(), busy.tid(), idle.tid());
        }
    }

    @Test
    void taskClockOfBusyThreadDominatesIdleThread() throws Exception {
        assumePerfComponent();
        try (SelfCountingWorker idle = new SelfCountingWorker("papi-idle");
                SelfCountingWorker busy = new SelfCountingWorker("papi-busy");
                PapiThreadSampler sampler = PapiThreadSampler.open(List.of(TASK_CLOCK),
                        () -> SelfCountingWorker.identities(idle, busy), SelfCountingWorker.OPENER, false)) {
            assertEquals(List.of(TASK_CLOCK), sampler.events());
            assertEquals(2, sampler.openEventSets());
            busy.spin(300);
            List<ThreadSample> samples = sampler.sample();
            assertEquals(2, samples.size(), samples.toString());
            assertBusyDominatesIdle(samples, busy.tid(), idle.tid());
            assertFalse(of(samples, busy.tid()).ended());
            assertEquals("papi-busy", of(samples, busy.tid()).thread().name());
        }
    }

    @Test
    void unknownEventNamesTheEventAndHowToListEvents() {
        assumePerfComponent();
        PapiException e = assertThrows(PapiException.class,
                () -> PapiThreadSampler.open(List.of(TASK_CLOCK, "perf::NO-SUCH-EVENT"), List::of));
        assertTrue(e.getMessage().contains("perf::NO-SUCH-EVENT"), e.getMessage());
        assertTrue(e.getMessage().contains("papi_native_avail"), e.getMessage());
        assertTrue(e.getMessage().contains("PAPI_ENOEVNT"), e.getMessage());
        assertEquals(Papi.PAPI_ENOEVNT, e.code());
    }

    @Test
    void presetWithoutPmuIsAClearErrorAndPapiStaysUsable() throws Exception {
        assumePerfComponent();
        assumeTrue(!hasHardwarePmu(), "PAPI_TOT_INS exists on machines with a PMU");
        long before = perfFds();
        // Which check refuses the preset depends on the machine, so the test assumes no order: PAPI_query_named_event
        // refuses it where papi_avail says it is unavailable; on some PMU-less AMD guests papi_avail lists it as
        // available and adding or starting it on the thread fails instead. Every path is an exception naming the event
        // or the call that failed, and none may leak an event set.
        try (SelfCountingWorker w = new SelfCountingWorker("papi-preset")) {
            PapiException e = assertThrows(PapiException.class, () -> PapiThreadSampler.open(
                    List.of("PAPI_TOT_INS", TASK_CLOCK), () -> SelfCountingWorker.identities(w), SelfCountingWorker.OPENER, false));
            String m = e.getMessage();
            boolean refusedByQuery = m.contains("PAPI_TOT_INS") && m.contains("not available on this machine") && m.contains("papi_avail");
            boolean refusedOnTheThread = m.contains("PAPI_add_named_event(PAPI_TOT_INS)") || m.contains("PAPI_start");
            assertTrue(refusedByQuery || refusedOnTheThread, m);
        }
        // nothing leaked, and the library still counts software events
        try (SelfCountingWorker w = new SelfCountingWorker("papi-after-preset");
                PapiThreadSampler s = PapiThreadSampler.open(List.of(TASK_CLOCK),
                        () -> SelfCountingWorker.identities(w), SelfCountingWorker.OPENER, false)) {
            w.spin(50);
            assertTrue(s.sample().get(0).value(TASK_CLOCK).raw() >= 40_000_000L);
        }
        assertEquals(before, perfFds());
    }

    @Test
    void badEventListsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> PapiThreadSampler.open(List.of(), List::of));
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class,
                () -> PapiThreadSampler.open(List.of(TASK_CLOCK, TASK_CLOCK), List::of));
        assertTrue(dup.getMessage().contains("duplicate"), dup.getMessage());
    }

    @Test
    void endedThreadGetsFinalSampleAndItsEventSetIsReleased() throws Exception {
        assumePerfComponent();
        long baseline = perfFds();
        List<ThreadIdentity> listed = new CopyOnWriteArrayList<>();
        SelfCountingWorker w = new SelfCountingWorker("papi-short-lived");
        listed.add(w.identity());
        try (PapiThreadSampler sampler = PapiThreadSampler.open(List.of(TASK_CLOCK, "perf::CONTEXT-SWITCHES:k=1"),
                () -> new ArrayList<>(listed), SelfCountingWorker.OPENER, false)) {
            assertEquals(1, sampler.openEventSets());
            assertEquals(baseline + 2, perfFds(), "one perf fd per event expected");
            w.spin(100);
            ThreadSample running = of(sampler.sample(), w.tid());
            assertFalse(running.ended());
            w.close(); // the thread exits; the kernel keeps its counts readable
            listed.clear();
            List<ThreadSample> afterEnd = sampler.sample();
            ThreadSample last = of(afterEnd, w.tid());
            assertNotNull(last, afterEnd.toString());
            assertTrue(last.ended());
            assertTrue(last.value(TASK_CLOCK).raw() >= running.value(TASK_CLOCK).raw());
            assertTrue(last.value(TASK_CLOCK).raw() >= 80_000_000L, last.toString());
            assertTrue(last.value("perf::CONTEXT-SWITCHES:k=1").raw() >= 1, last.toString());
            assertEquals(0, sampler.openEventSets());
            assertEquals(baseline, perfFds(), "the ended thread's perf fds must be closed");
            assertTrue(sampler.sample().isEmpty());
        }
    }

    @Test
    void newThreadsArePickedUpWithInventoryNamesAndCloseReleasesEverything() throws Exception {
        assumePerfComponent();
        long baseline = perfFds();
        ThreadInventory inventory = new ThreadInventory();
        Set<Integer> workers = new java.util.concurrent.ConcurrentSkipListSet<>();
        ThreadDirectory onlyWorkers = () -> inventory.liveThreads().stream()
                .filter(t -> workers.contains(t.tid())).toList();
        try (SelfCountingWorker first = new SelfCountingWorker("papi-first")) {
            workers.add(first.tid());
            PapiThreadSampler sampler = PapiThreadSampler.open(List.of(TASK_CLOCK), onlyWorkers,
                    SelfCountingWorker.OPENER, false);
            try (SelfCountingWorker late = new SelfCountingWorker("papi-late")) {
                assertNull(of(sampler.sample(), late.tid()));
                workers.add(late.tid());
                assertEquals(0, of(sampler.sample(), late.tid()).value(TASK_CLOCK).raw() / 1_000_000_000L);
                late.spin(50);
                ThreadSample s = of(sampler.sample(), late.tid());
                assertEquals("papi-late", s.thread().name());
                assertTrue(s.thread().javaId() > 0, s.toString());
                assertTrue(s.value(TASK_CLOCK).raw() >= 40_000_000L, s.toString());
                assertEquals(2, sampler.openEventSets());
                sampler.close();
            }
            assertEquals(baseline, perfFds(), "close() must release every event set");
            assertThrows(IllegalStateException.class, sampler::sample);
        }
    }
}
