package com.numa.perfutil.locality;

import com.numa.perfutil.counters.PerfEventAttr;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.sun.jna.Pointer;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * The perf software event {@code page-faults} of one thread, sampling every fault ({@code sample_period} 1) with the
 * faulting address, the thread and the CPU, into a ring buffer mapped into this process. With the kernel's NUMA
 * balancing on, the faults include its hinting faults, one per scanned page that a thread touches next: the address of
 * each is a sampled memory access. Only user-mode faults are sampled, which {@code perf_event_paranoid} 2 allows for a
 * process's own threads.
 */
final class PageFaultRing implements AutoCloseable {
    static final int PERF_TYPE_SOFTWARE = 1;
    static final long PERF_COUNT_SW_PAGE_FAULTS = 2;
    static final long SAMPLE_TID = 1L << 1, SAMPLE_ADDR = 1L << 3, SAMPLE_CPU = 1L << 7;
    private static final long FLAG_FD_CLOEXEC = 8;
    private static final long IOC_ENABLE = 0x2400;
    /** The smallest ring tried when a larger one may not be locked: 8 pages hold about a thousand samples. */
    static final int MIN_DATA_PAGES = 8;
    /** struct perf_event_mmap_page: where data_head and data_tail live in the first page. */
    private static final int DATA_HEAD = 1024, DATA_TAIL = 1032;

    private final int tid;
    private final int fd;
    private final long base;
    private final long mappedBytes;
    private final Pointer control;
    private final ByteBuffer data;
    private boolean closed;

    private PageFaultRing(int tid, int fd, long base, long mappedBytes, int pageSize) {
        this.tid = tid;
        this.fd = fd;
        this.base = base;
        this.mappedBytes = mappedBytes;
        this.control = new Pointer(base);
        this.data = LinuxSyscalls.directBuffer(base + pageSize, (int) (mappedBytes - pageSize));
    }

    /** Opens, maps and enables sampling on thread {@code tid} with a data area of {@code dataPages} (a power of two). */
    static PageFaultRing open(int tid, int dataPages) {
        if (Integer.bitCount(dataPages) != 1) {
            throw new IllegalArgumentException("a perf ring buffer needs a power-of-two page count, not " + dataPages);
        }
        PerfEventAttr attr = new PerfEventAttr();
        attr.type = PERF_TYPE_SOFTWARE;
        attr.size = PerfEventAttr.SIZE_VER5;
        attr.config = PERF_COUNT_SW_PAGE_FAULTS;
        attr.samplePeriod = 1;
        attr.sampleType = SAMPLE_TID | SAMPLE_ADDR | SAMPLE_CPU;
        attr.flags = PerfEventAttr.DISABLED | PerfEventAttr.EXCLUDE_KERNEL | PerfEventAttr.EXCLUDE_HV;
        attr.write();
        int fd = LinuxSyscalls.perfEventOpen(attr.getPointer(), tid, -1, -1, FLAG_FD_CLOEXEC,
                "page-fault sampling of thread " + tid + " (kernel.perf_event_paranoid at most 2 allows a process's own"
                        + " threads; a thread that ended cannot be sampled)");
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
        PageFaultRing ring = new PageFaultRing(tid, fd, base, bytes, page);
        LinuxSyscalls.ioctl(fd, IOC_ENABLE, 0, "PERF_EVENT_IOC_ENABLE of page-fault sampling on thread " + tid);
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
        int used = SampleRecords.decode(scratch, n, sink);
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
