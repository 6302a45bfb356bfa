package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.numa.perfutil.PerfUtil;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadSampler#track()}: counters opened under the directory's quick identity (no dump), the final reading of
 * a thread that ended before any sample() listed it, and the threads it could not identify yet.
 */
class ThreadTrackingTest {
    private final List<String> log = new CopyOnWriteArrayList<>();

    /** A directory that lists tids and knows quick identities, but whose full identification never lists anything. */
    private static final class QuickOnly implements ThreadDirectory {
        final List<Integer> tids = new CopyOnWriteArrayList<>();
        final List<ThreadIdentity> quick = new CopyOnWriteArrayList<>();

        @Override
        public List<ThreadIdentity> liveThreads() {
            return List.of();
        }

        @Override
        public List<Integer> liveTids() {
            return List.copyOf(tids);
        }

        @Override
        public ThreadIdentity quickIdentity(int tid) {
            return quick.stream().filter(q -> q.tid() == tid).findFirst().orElse(null);
        }
    }

    @Test
    void aThreadOpenedByTrackAndEndedGivesItsFinalCountsAndHowMuchWasNotCounted() throws Exception {
        CountDownLatch opened = new CountDownLatch(1);
        AtomicLong selfCpu = new AtomicLong();
        TidThread worker = TidThread.start("tracked", () -> {
            try {
                opened.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            PerfEventGroupTest.burnCpu(20_000_000);
            selfCpu.set(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        });
        QuickOnly dir = new QuickOnly();
        dir.tids.add(worker.tid);
        dir.quick.add(worker.identity());
        try (ThreadSampler s = PerfUtil.perThread(List.of("task-clock", "context-switches"), dir, log::add)) {
            ThreadSampler.Tracking first = s.track();
            assertEquals(0, first.waiting());
            assertTrue(first.ended().isEmpty(), first.toString());
            opened.countDown();
            worker.thread.join();
            dir.tids.clear();
            ThreadSampler.Tracking last = s.track();
            assertEquals(1, last.ended().size(), last.toString());
            ThreadSample end = last.ended().get(0);
            assertTrue(end.ended());
            assertEquals("tracked", end.thread().name());
            long counted = end.value("task-clock").raw();
            long before = end.cpuBeforeCountingNs();
            assertTrue(before >= 0 && end.countedFromNs() > 0, end.toString());
            // the worker burned its CPU after the counters opened: the count holds nearly all of it
            assertTrue(counted + before >= selfCpu.get() * 0.9 && counted <= selfCpu.get() * 1.1 + 2_000_000,
                    "counted " + counted + " + before " + before + " vs " + selfCpu.get() + " measured by the thread");
            assertTrue(s.track().ended().isEmpty(), "an ended thread is finished once");
        }
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void aThreadWithoutAQuickIdentityIsWaiting() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        TidThread anonymous = TidThread.start("anonymous", () -> {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        QuickOnly dir = new QuickOnly();
        dir.tids.add(anonymous.tid);
        try (ThreadSampler s = PerfUtil.perThread(List.of("task-clock"), dir, log::add)) {
            assertEquals(1, s.track().waiting(), "looked at again at the next period");
            dir.quick.add(anonymous.identity());
            assertEquals(0, s.track().waiting());
        } finally {
            done.countDown();
        }
    }
}
