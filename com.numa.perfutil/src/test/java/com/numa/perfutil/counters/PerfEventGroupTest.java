package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.NativeCallException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A real perf event group on the calling thread (software events count on every machine). */
class PerfEventGroupTest {
    private final EventParser parser = EventParser.system();

    @Test
    void attrLayoutMatchesTheKernelAbi() {
        PerfEventAttr a = PerfEventAttr.counting(parser.parse("cycles:u"), true);
        assertEquals(PerfEventAttr.SIZE_VER5, a.size());
        assertEquals(112, a.size);
        EventSpec words = new EventSpec("x", 17, 0x33, 0x11, 0x22, false, false, true);
        PerfEventAttr w = PerfEventAttr.counting(words, false);
        assertEquals(17, w.getPointer().getInt(0), "type at 0");
        assertEquals(112, w.getPointer().getInt(4), "size at 4");
        assertEquals(0x33, w.getPointer().getLong(8), "config at 8");
        assertEquals(0x11, w.getPointer().getLong(56), "config1 at 56");
        assertEquals(0x22, w.getPointer().getLong(64), "config2 at 64");
        assertEquals(0xF, a.getPointer().getLong(32), "read format GROUP|ID|TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING");
        assertEquals(PerfEventAttr.DISABLED | PerfEventAttr.EXCLUDE_KERNEL | PerfEventAttr.EXCLUDE_HV,
                a.getPointer().getLong(40));
        PerfEventAttr member = PerfEventAttr.counting(parser.parse("task-clock"), false);
        assertEquals(0, member.getPointer().getLong(40), "members follow the leader and count everything");
        assertEquals(1, member.getPointer().getLong(8));
    }

    @Test
    void readsEnablesResetsAndClosesOnce() throws Exception {
        List<EventSpec> events = parser.parseAll(List.of("task-clock", "page-faults", "context-switches"));
        PerfEventGroup g = PerfEventGroup.open(events, 0, -1);
        int[] fds = g.fds();
        for (int fd : fds) {
            assertTrue(Files.exists(Path.of("/proc/self/fd/" + fd)), "fd " + fd + " open");
        }
        burnCpu(30_000_000);
        byte[][] touch = new byte[64][];
        for (int i = 0; i < touch.length; i++) {
            touch[i] = new byte[64 * 1024];
        }
        List<CounterValue> first = g.read();
        assertEquals(List.of("task-clock", "page-faults", "context-switches"), first.stream().map(CounterValue::event).toList());
        assertTrue(first.get(0).raw() > 25_000_000, "task-clock counts ns of CPU time: " + first.get(0));
        assertTrue(first.get(0).enabledNs() > 0 && first.get(0).runningNs() > 0);
        assertEquals(first.get(0).enabledNs(), first.get(2).enabledNs(), "one read: one time pair for the group");
        assertEquals(100.0, first.get(0).coveragePct(), 1e-9);

        g.disable();
        long frozen = g.read().get(0).raw();
        burn(20_000_000);
        assertEquals(frozen, g.read().get(0).raw(), "a disabled group does not count");
        g.reset();
        assertEquals(0, g.read().get(0).raw(), "reset zeroes the counts");
        g.enable();
        burnCpu(5_000_000);
        assertTrue(g.read().get(0).raw() > 0);

        g.close();
        g.close();
        assertTrue(g.isClosed());
        for (int fd : fds) {
            assertFalse(Files.exists(Path.of("/proc/self/fd/" + fd)) && isPerfFd(fd), "fd " + fd + " closed");
        }
        assertThrows(IllegalStateException.class, g::read);
        assertTrue(touch.length > 0);
    }

    @Test
    void aThreadThatDoesNotExistGivesEsrch() {
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> PerfEventGroup.open(parser.parseAll(List.of("task-clock")), Integer.MAX_VALUE - 7, -1));
        assertEquals(Errno.ESRCH, e.errno());
        assertTrue(e.getMessage().contains("task-clock"), e.getMessage());
    }

    @Test
    void theDirectReadReportsErrno() {
        try (com.sun.jna.Memory m = new com.sun.jna.Memory(8)) {
            NativeCallException e = assertThrows(NativeCallException.class,
                    () -> com.numa.perfutil.linux.LinuxSyscalls.read(-1, m, 8, "reading fd -1"));
            assertEquals(Errno.EBADF, e.errno());
            assertTrue(e.getMessage().contains("reading fd -1"), e.getMessage());
        }
    }

    static boolean isPerfFd(int fd) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString().contains("perf_event");
        } catch (Exception e) {
            return false;
        }
    }

    /** Spins until this thread has had {@code cpuNanos} of CPU time: robust on a loaded machine, unlike wall time. */
    static long burnCpu(long cpuNanos) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + cpuNanos;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            x += burn(100_000);
        }
        return x;
    }

    static long burn(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 0;
        while (System.nanoTime() < end) {
            x += x * 31 + 7;
        }
        return x;
    }
}
