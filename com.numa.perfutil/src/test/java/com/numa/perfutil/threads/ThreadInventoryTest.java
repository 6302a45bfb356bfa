package com.numa.perfutil.threads;

import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRoleRules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Runs against the live JVM (JDK 17 and 25): tids from /proc, names from the DiagnosticCommand dump. */
class ThreadInventoryTest {

    @SuppressWarnings("deprecation")
    private static long id(Thread t) {
        return t.getId();
    }

    private static Map<Integer, ThreadIdentity> byTid(List<ThreadIdentity> l) {
        return l.stream().collect(Collectors.toMap(ThreadIdentity::tid, Function.identity()));
    }

    @Test
    void namedApplicationThreadsCarryNameIdDaemonFlagAndRole() throws Exception {
        try (ParkedThreads p = new ParkedThreads()) {
            Thread plain = p.start("worker-alpha-1", false);
            Thread daemon = p.start("worker-alpha-2", true);
            ThreadInventory inv = new ThreadInventory();
            Map<Integer, ThreadIdentity> all = byTid(inv.liveThreads());
            assertEquals(new ThreadIdentity(p.tidOf(plain), "worker-alpha-1", id(plain), false, ThreadRole.APPLICATION),
                    all.get(p.tidOf(plain)));
            assertEquals(new ThreadIdentity(p.tidOf(daemon), "worker-alpha-2", id(daemon), true, ThreadRole.APPLICATION),
                    all.get(p.tidOf(daemon)));
            assertNull(inv.unavailableReason());
        }
    }

    @Test
    void ownTidMapsToOwnJavaName() {
        ThreadInventory inv = new ThreadInventory();
        ThreadIdentity me = inv.identify(LinuxSyscalls.gettid());
        assertNotNull(me);
        assertEquals(Thread.currentThread().getName(), me.name());
        assertEquals(id(Thread.currentThread()), me.javaId());
        assertEquals(Thread.currentThread().isDaemon(), me.daemon());
    }

    @Test
    void jvmInternalThreadsAreRecognised() throws Exception {
        try (ParkedThreads p = new ParkedThreads()) {
            Thread agent = p.start("NUMA-PerfUtil-Sampler", true);
            List<ThreadIdentity> live = new ThreadInventory().liveThreads();
            Map<String, ThreadIdentity> byName = live.stream()
                    .collect(Collectors.toMap(ThreadIdentity::name, Function.identity(), (a, b) -> a));
            // a VM thread without java.lang.Thread, a JDK service thread, and the agent's own thread
            ThreadIdentity vm = byName.get("VM Thread");
            assertNotNull(vm, "VM Thread missing from " + byName.keySet());
            assertEquals(ThreadRole.JVM_INTERNAL, vm.role());
            assertEquals(-1, vm.javaId());
            ThreadIdentity ref = byName.get("Reference Handler");
            assertNotNull(ref, "Reference Handler missing from " + byName.keySet());
            assertEquals(ThreadRole.JVM_INTERNAL, ref.role());
            assertTrue(ref.javaId() >= 0);
            // by id: a sampler another test of this JVM started may still be ending under the same name
            ThreadIdentity sampler = live.stream().filter(t -> t.javaId() == id(agent)).findFirst()
                    .orElseThrow(() -> new AssertionError("the parked sampler is missing from " + byName.keySet()));
            assertEquals("NUMA-PerfUtil-Sampler", sampler.name());
            assertEquals(ThreadRole.TOOL, sampler.role());
            byName.values().stream().filter(t -> t.name().contains("CompilerThread"))
                    .forEach(t -> assertEquals(ThreadRole.JVM_INTERNAL, t.role(), t.toString()));
            if (!System.getProperty("java.vm.info", "").contains("interpreted")) {
                // the optimizer's probe waits while these are busy: they must be found under the names it knows
                assertTrue(byName.values().stream().anyMatch(t -> t.role() == ThreadRole.JVM_INTERNAL
                        && ThreadRoleRules.isJitCompiler(t.name())),
                        "no JIT compiler thread among " + byName.keySet());
            }
            // the launcher's primordial thread (tid == pid) is not in the dump: named by its comm
            int pid = (int) ProcessHandle.current().pid();
            ThreadIdentity primordial = new ThreadInventory().identify(pid);
            assertEquals(ThreadRole.JVM_INTERNAL, primordial.role());
            assertEquals(ProcTasks.comm(pid), primordial.name());
        }
    }

    @Test
    void threadStartedAfterFirstCallIsPickedUpAndKnownTidsDoNotRedump() throws Exception {
        ThreadInventory inv = new ThreadInventory();
        inv.liveThreads();
        int before = inv.refreshCount();
        int self = LinuxSyscalls.gettid();
        for (int i = 0; i < 50; i++) {
            assertNotNull(inv.identify(self));
        }
        assertEquals(before, inv.refreshCount(), "identify of a known tid must not take a new dump");
        try (ParkedThreads p = new ParkedThreads()) {
            Thread late = p.start("late-starter", false);
            ThreadIdentity got = byTid(inv.liveThreads()).get(p.tidOf(late));
            assertEquals("late-starter", got.name());
            assertEquals(ThreadRole.APPLICATION, got.role());
            assertTrue(inv.refreshCount() > before);
        }
    }

    @Test
    void renamedThreadShowsNewName() throws Exception {
        try (ParkedThreads p = new ParkedThreads()) {
            Thread t = p.start("before-rename", false);
            ThreadInventory inv = new ThreadInventory();
            assertEquals("before-rename", inv.identify(p.tidOf(t)).name());
            t.setName("after-rename");
            assertEquals("after-rename", inv.identify(p.tidOf(t)).name());
            inv.refresh();
            assertEquals("after-rename", byTid(inv.liveThreads()).get(p.tidOf(t)).name());
        }
    }

    @Test
    void mainThreadByRegistrationOrByTheJavaMainThread() throws Exception {
        List<ThreadIdentity> mains = new ThreadInventory().liveThreads().stream()
                .filter(t -> t.role() == ThreadRole.MAIN).toList();
        // surefire runs tests on the JVM's "main" thread; the fallback finds it whatever its Java id (1 or 3)
        assertEquals(1, mains.size(), mains.toString());
        assertEquals("main", mains.get(0).name());
        try (ParkedThreads p = new ParkedThreads()) {
            Thread chosen = p.start("launcher-main", false);
            ThreadInventory inv = new ThreadInventory();
            inv.registerMainThread(p.tidOf(chosen));
            List<ThreadIdentity> registered = inv.liveThreads().stream()
                    .filter(t -> t.role() == ThreadRole.MAIN).toList();
            assertEquals(List.of(new ThreadIdentity(p.tidOf(chosen), "launcher-main", id(chosen), false,
                    ThreadRole.MAIN)), registered);
        }
    }

    @Test
    void endedThreadsDisappearAndUnknownTidsAreNull() throws Exception {
        ThreadInventory inv = new ThreadInventory();
        int tid;
        try (ParkedThreads p = new ParkedThreads()) {
            Thread t = p.start("short-lived", false);
            tid = p.tidOf(t);
            assertNotNull(inv.identify(tid));
        }
        for (int i = 0; i < 100 && ProcTasks.alive(tid); i++) {
            Thread.sleep(10);
        }
        assertNull(inv.identify(tid));
        assertFalse(byTid(inv.liveThreads()).containsKey(tid));
        assertNull(inv.identify(Integer.MAX_VALUE));
    }

    @Test
    void withoutTheMBeanNamesComeFromCommAndOneMessageIsGiven() throws Exception {
        List<String> notices = new ArrayList<>();
        ThreadInventory inv = new ThreadInventory(() -> {
            throw new IllegalStateException("DiagnosticCommand MBean absent");
        }, notices::add);
        try (ParkedThreads p = new ParkedThreads()) {
            Thread unique = p.start("fb-worker-7", true);
            Map<Integer, ThreadIdentity> all = byTid(inv.liveThreads());
            assertEquals(new ThreadIdentity(p.tidOf(unique), "fb-worker-7", id(unique), true, ThreadRole.APPLICATION),
                    all.get(p.tidOf(unique)));
            Thread late = p.start("fb-worker-8", false);
            inv.refresh();
            assertEquals("fb-worker-8", byTid(inv.liveThreads()).get(p.tidOf(late)).name());
            // threads without a Java twin keep their comm and are JVM-internal
            ThreadIdentity vm = all.values().stream().filter(t -> t.name().equals("VM Thread")).findFirst().orElseThrow();
            assertEquals(ThreadRole.JVM_INTERNAL, vm.role());
            assertEquals(-1, vm.javaId());
        }
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).contains("DiagnosticCommand MBean absent"), notices.get(0));
        assertTrue(notices.get(0).contains("comm"), notices.get(0));
        assertEquals(notices.get(0), inv.unavailableReason());
    }

    @Test
    void hundredThreadsAreAllNamedAndTheDumpCostIsReported() throws Exception {
        try (ParkedThreads p = new ParkedThreads()) {
            List<Thread> started = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                started.add(p.start("bulk-" + i, i % 2 == 0));
            }
            ThreadInventory inv = new ThreadInventory();
            inv.refresh(); // first dump pays for MBean server start-up
            long best = Long.MAX_VALUE;
            long total = 0;
            for (int i = 0; i < 10; i++) {
                inv.refresh();
                best = Math.min(best, inv.lastRefreshNs());
                total += inv.lastRefreshNs();
            }
            Map<Integer, ThreadIdentity> all = byTid(inv.liveThreads());
            for (Thread t : started) {
                ThreadIdentity got = all.get(p.tidOf(t));
                assertEquals(t.getName(), got.name());
                assertEquals(ThreadRole.APPLICATION, got.role());
            }
            System.out.printf("ThreadInventory refresh with %d threads: best %.3f ms, mean %.3f ms (%s)%n",
                    all.size(), best / 1e6, total / 10 / 1e6, Runtime.version());
        }
    }
}
