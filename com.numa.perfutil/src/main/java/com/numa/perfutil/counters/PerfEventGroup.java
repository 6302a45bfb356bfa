package com.numa.perfutil.counters;

import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;

/**
 * A perf event group for one (pid, cpu): a leader plus members that the kernel schedules onto counters together, so
 * their values share one enabled/running time and are comparable. One {@code read()} of the leader returns all of them
 * (PERF_FORMAT_GROUP, laid out as {@link GroupReadFormat} decodes it); the read buffer is allocated once, so reading
 * allocates only the returned values.
 */
public final class PerfEventGroup implements AutoCloseable {
    static final long IOC_ENABLE = 0x2400, IOC_DISABLE = 0x2401, IOC_RESET = 0x2403;
    /** _IOR('$', 7, __u64): the kernel-assigned id that PERF_FORMAT_ID reports next to each value. */
    static final long IOC_ID = 0x80082407L;
    static final long IOC_FLAG_GROUP = 1;
    /** Keeps counter fds out of child processes. */
    static final long FLAG_FD_CLOEXEC = 8;

    private final List<EventSpec> events;
    private final List<String> names;
    private final int[] fds;
    private final long[] ids;
    private final Memory buffer;
    private final long[] words;
    private final String readHint;
    private boolean closed;

    private PerfEventGroup(List<EventSpec> events, int[] fds, long[] ids, String readHint) {
        this.events = events;
        this.fds = fds;
        this.ids = ids;
        this.names = events.stream().map(EventSpec::name).toList();
        this.words = new long[GroupReadFormat.words(fds.length)];
        this.buffer = new Memory(8L * words.length);
        this.readHint = readHint;
    }

    /**
     * Opens {@code events} as one group on {@code pid} (-1: every task) and {@code cpu} (-1: wherever the task runs)
     * and enables it. On failure every fd opened so far is closed and the kernel's error is thrown.
     */
    public static PerfEventGroup open(List<EventSpec> events, int pid, int cpu) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("a perf event group needs at least one event");
        }
        int[] fds = new int[events.size()];
        long[] ids = new long[events.size()];
        int opened = 0;
        String where = "pid " + pid + ", cpu " + cpu;
        try (Memory idBuf = new Memory(8)) {
            for (int i = 0; i < fds.length; i++) {
                EventSpec e = events.get(i);
                PerfEventAttr attr = PerfEventAttr.counting(e, i == 0);
                fds[i] = LinuxSyscalls.perfEventOpen(attr.getPointer(), pid, cpu, i == 0 ? -1 : fds[0],
                        FLAG_FD_CLOEXEC, "event " + e.name() + " (" + where + ")");
                opened++;
                LinuxSyscalls.ioctl(fds[i], IOC_ID, Pointer.nativeValue(idBuf), "PERF_EVENT_IOC_ID of " + e.name());
                ids[i] = idBuf.getLong(0);
            }
            PerfEventGroup g = new PerfEventGroup(List.copyOf(events), fds, ids,
                    "reading the counter group led by " + events.get(0).name() + " (" + where + ")");
            g.enable();
            return g;
        } catch (RuntimeException e) {
            for (int i = opened - 1; i >= 0; i--) {
                closeQuietly(fds[i]);
            }
            throw e;
        }
    }

    public List<EventSpec> events() {
        return events;
    }

    /** One value per event, in {@link #events()} order, each with the group's enabled and running times. */
    public List<CounterValue> read() {
        CounterValue[] out = new CounterValue[events.size()];
        readInto(out, null);
        return List.of(out);
    }

    /**
     * Reads the group once and stores value {@code i} at {@code out[slots == null ? i : slots[i]]}; lets a caller
     * holding several groups assemble one ordered list without intermediate lists.
     */
    void readInto(CounterValue[] out, int[] slots) {
        if (closed) {
            throw new IllegalStateException("counter group led by " + events.get(0).name() + " is closed");
        }
        long bytes = LinuxSyscalls.read(fds[0], buffer, buffer.size(), readHint);
        if (bytes != buffer.size()) {
            throw new IllegalStateException("short read of a counter group: " + bytes + " of " + buffer.size() + " bytes ("
                    + readHint + ")");
        }
        buffer.read(0, words, 0, words.length);
        GroupReadFormat.decodeInto(words, ids, names, out, slots);
    }

    public void enable() {
        ioctl(IOC_ENABLE, "PERF_EVENT_IOC_ENABLE");
    }

    public void disable() {
        ioctl(IOC_DISABLE, "PERF_EVENT_IOC_DISABLE");
    }

    /** Zeroes the counts (not the enabled/running times, which the kernel keeps). */
    public void reset() {
        ioctl(IOC_RESET, "PERF_EVENT_IOC_RESET");
    }

    private void ioctl(long request, String what) {
        if (closed) {
            throw new IllegalStateException("counter group led by " + events.get(0).name() + " is closed");
        }
        LinuxSyscalls.ioctl(fds[0], request, IOC_FLAG_GROUP, what + " on the group led by " + events.get(0).name());
    }

    /** Closes every fd exactly once, members before the leader; later calls do nothing. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<RuntimeException> failures = new ArrayList<>();
        for (int i = fds.length - 1; i >= 0; i--) {
            try {
                LinuxSyscalls.close(fds[i]);
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        buffer.close();
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** The file descriptors, leader first (for tests that check nothing leaks). */
    int[] fds() {
        return fds.clone();
    }

    private static void closeQuietly(int fd) {
        try {
            LinuxSyscalls.close(fd);
        } catch (NativeCallException ignored) {
            // already failing; the original error is the one to report
        }
    }
}
