package com.numa.perfutil.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A thread that starts after the inventory listed the Java threads but before the dump is taken must still be an
 * APPLICATION thread (found by the Awareness Thread: workers started under the optimizer were cached as hidden
 * JVM-internal threads for good).
 */
class ThreadInventoryStartRaceTest {

    @Test
    void threadStartedDuringARefreshKeepsItsApplicationRole() throws Exception {
        CountDownLatch stop = new CountDownLatch(1);
        AtomicInteger tid = new AtomicInteger();
        Thread[] late = new Thread[1];
        DiagnosticCommandDump real = new DiagnosticCommandDump();
        ThreadInventory inv = new ThreadInventory(() -> {
            if (late[0] == null) {
                CountDownLatch started = new CountDownLatch(1);
                late[0] = new Thread(() -> {
                    tid.set(LinuxSyscalls.gettid());
                    started.countDown();
                    try {
                        stop.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "race-late-start");
                late[0].start(); // after the inventory's Java thread snapshot, before the dump
                started.await();
            }
            return real.threadPrint();
        }, msg -> { });
        try {
            inv.liveThreads();
            ThreadIdentity id = inv.identify(tid.get());
            assertEquals("race-late-start", id.name());
            assertEquals(late[0].getId(), id.javaId());
            assertEquals(ThreadRole.APPLICATION, id.role());
        } finally {
            stop.countDown();
            late[0].join();
        }
    }
}
