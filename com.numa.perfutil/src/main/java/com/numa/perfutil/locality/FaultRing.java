package com.numa.perfutil.locality;

import com.numa.perfutil.counters.PerfEventAttr;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.sun.jna.Pointer;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * One thread's fault sampling event ({@link FaultSource}: its hinting faults through a kprobe, or every page fault),
 * sampling every fault ({@code sample_period} 1) with the address, the thread and the CPU into a ring buffer mapped into
 * this process. With the kernel's NUMA balancing on, a hinting fault is the first touch of a page since the scanner
 * unmapped it: the address of each is a sampled memory access.
 */
final class FaultRing implements AutoCloseable {
    private static final long FLAG_FD_CLOEXEC = 8;
    private static final long IOC_ENABLE = 0x2400;
    /** The smallest ring tried when a larger one may not be locked: 8 pages hold about a thousand samples. */
    static final int MIN_DATA_PAGES = 8;
    /** struct perf_event_mmap_page: where data_head and data_tail live in the first page. */
    private static final int DATA_HEAD = 1024, DATA_TAIL = 1032;

    private final int tid;
    private final SampleRecords.Layout layout;
    private final int fd;
    private final long base;
    private final long mappedBytes;
    private final Pointer control;
    private final ByteBuffer data;
    private boolean closed;

    private FaultRing(int tid, SampleRecords.Layout layout, int fd, long base, long mappedBytes, int pageSize) {
        this.tid = tid;
        this.layout = layout;
        this.fd = fd;
        this.base = base;
        this.mappedBytes = mappedBytes;
        this.control = new Pointer(base);
        this.data = LinuxSyscalls.directBuffer(base + pageSize, (int) (mappedBytes - pageSize));
    }

    /**
     * Opens, maps and enables {@code source}'s sampling on thread {@code tid} with a data area of {@code dataPages} (a
     * power of two).
     */
    static FaultRing open(int tid, int dataPages, FaultSource source) {
        if (Integer.bitCount(dataPages) != 1) {
            throw new IllegalArgumentException("a perf ring buffer needs a power-of-two page count, not " + dataPages);
        }
        PerfEventAttr attr = new PerfEventAttr();
        source.fill(attr);
        attr.write();
        int fd = LinuxSyscalls.perfEventOpen(attr.getPointer(), tid, -1, -1, FLAG_FD_CLOEXEC, source.openHint(tid));
        int page = LinuxSyscalls.pageSize();
        long bytes;
        long base;
        // a user without CAP_IPC_LOCK may lock only kernel.perf_event_mlock_kb of ring buffers: smaller rings then
        for (int pages = dataPages; ; pages /= 2) {
            bytes = (long) page * (pages + 1);
            try {
                base = LinuxSyscalls.mmapShared(fd, bytes, "the ring buffer of thread " + tid + " (" + bytes / 1024
                        + " KiB; EPERM: over kernel.perf_event_mlock_kb for a user without CAP_IPC_LOCK)");
                break;
            } catch (NativeCallException e) {
                if (pages > MIN_DATA_PAGES && (e.errno() == Errno.EPERM || e.errno() == Errno.ENOMEM)) {
                    continue;
                }
                LinuxSyscalls.close(fd);
                throw e;
            }
        }
        FaultRing ring = new FaultRing(tid, source.layout, fd, base, bytes, page);
        LinuxSyscalls.ioctl(fd, IOC_ENABLE, 0, "PERF_EVENT_IOC_ENABLE of fault sampling on thread " + tid);
        return ring;
    }

    int tid() {
        return tid;
    }

    /**
     * Decodes every record written since the last drain into {@code sink}, using {@code scratch} (at least the data
     * area's size) as the copy, and hands the space back to the kernel.
     */
    void drain(byte[] scratch, SampleRecords.Sink sink) {
        long head = control.getLong(DATA_HEAD);
        VarHandle.acquireFence(); // the records before head are complete once head is read (perf's smp_rmb)
        long tail = control.getLong(DATA_TAIL);
        int n = SampleRecords.copyOut(data, tail, head, scratch);
        int used = SampleRecords.decode(scratch, n, layout, sink);
        VarHandle.releaseFence(); // the copy is done before the kernel may overwrite it (perf's smp_mb)
        control.setLong(DATA_TAIL, tail + used);
    }

    int dataBytes() {
        return data.capacity();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        LinuxSyscalls.munmap(base, mappedBytes);
        LinuxSyscalls.close(fd);
    }
}
