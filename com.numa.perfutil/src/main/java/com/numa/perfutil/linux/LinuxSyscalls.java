package com.numa.perfutil.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The raw Linux system calls numa-jvm needs, bound through JNA. This is the only class that calls into libc; every
 * failure becomes a {@link NativeCallException} naming the call and the errno. Callers add the domain-specific
 * hint (perf_event_paranoid, missing PMU, ...) through the {@code hint} arguments.
 */
public final class LinuxSyscalls {

    interface LibC extends Library {
        long syscall(long number, Object... args) throws LastErrorException;

        long read(int fd, Pointer buf, long count) throws LastErrorException;

        int ioctl(int fd, long request, long arg) throws LastErrorException;

        int close(int fd) throws LastErrorException;

        int clock_gettime(int clock, Pointer timespec) throws LastErrorException;

        int getpagesize();
    }

    /** System call numbers per architecture: glibc has no wrappers for most of these. */
    private record Numbers(long perfEventOpen, long gettid, long schedSetaffinity, long schedGetaffinity, long getcpu,
            long setMempolicy, long getMempolicy, long mbind, long movePages, long migratePages, long mmap,
            long munmap) {
    }

    private static final Numbers X86_64 = new Numbers(298, 186, 203, 204, 309, 238, 239, 237, 279, 256, 9, 11);
    private static final Numbers AARCH64 = new Numbers(241, 178, 122, 123, 168, 237, 236, 235, 239, 238, 222, 215);

    private static volatile LibC libc;
    private static Numbers numbers;

    private LinuxSyscalls() {
    }

    private static synchronized LibC libc() {
        if (libc == null) {
            if (!Platform.isLinux()) {
                throw new NativeCallException("libc", 0, "numa-jvm needs Linux; this is " + System.getProperty("os.name"));
            }
            if (Platform.isIntel() && Platform.is64Bit()) {
                numbers = X86_64;
            } else if (Platform.isARM() && Platform.is64Bit()) {
                numbers = AARCH64;
            } else {
                throw new NativeCallException("libc", 0,
                        "unsupported architecture " + System.getProperty("os.arch") + ": x86_64 and aarch64 are supported");
            }
            libc = Native.load("c", LibC.class);
        }
        return libc;
    }

    private static Numbers nr() {
        libc();
        return numbers;
    }

    private static long syscall(String call, String hint, long number, Object... args) {
        try {
            return libc().syscall(number, args);
        } catch (LastErrorException e) {
            throw new NativeCallException(call, e.getErrorCode(), hint);
        }
    }

    /** perf_event_open(2): {@code attr} points at a filled {@code struct perf_event_attr}. Returns the new fd. */
    public static int perfEventOpen(Pointer attr, int pid, int cpu, int groupFd, long flags, String hint) {
        return (int) syscall("perf_event_open", hint, nr().perfEventOpen, attr, pid, cpu, groupFd, flags);
    }

    /**
     * libc functions on hot paths, bound by JNA direct mapping: reading counters (one read per thread and pass) and
     * finding the current CPU cost a fraction of the interface proxy's reflective dispatch this way.
     */
    private static final class DirectLibC {
        static {
            Native.register(DirectLibC.class, Platform.C_LIBRARY_NAME);
        }

        private DirectLibC() {
        }

        static native long read(int fd, Pointer buf, long count) throws LastErrorException;

        static native int sched_getcpu() throws LastErrorException;
    }

    /** read(2) into native memory; returns the byte count. */
    public static long read(int fd, Pointer buf, long count, String hint) {
        if (libc == null) {
            libc(); // the platform check
        }
        try {
            return DirectLibC.read(fd, buf, count);
        } catch (LastErrorException e) {
            throw new NativeCallException("read", e.getErrorCode(), hint);
        }
    }

    /** ioctl(2) with an integer argument (the perf ENABLE/DISABLE/RESET requests take flags). */
    public static int ioctl(int fd, long request, long arg, String hint) {
        try {
            return libc().ioctl(fd, request, arg);
        } catch (LastErrorException e) {
            throw new NativeCallException("ioctl", e.getErrorCode(), hint);
        }
    }

    /** close(2). */
    public static void close(int fd) {
        try {
            libc().close(fd);
        } catch (LastErrorException e) {
            throw new NativeCallException("close", e.getErrorCode(), "fd " + fd);
        }
    }

    /** CLOCK_PROCESS_CPUTIME_ID of clock_gettime(2). */
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;

    /**
     * The CPU time of the whole process in nanoseconds, every thread it ever had included (the kernel folds an exiting
     * thread's time into the process's): clock_gettime(CLOCK_PROCESS_CPUTIME_ID). Unlike getProcessCpuTime of
     * OperatingSystemMXBean, which HotSpot rounds to the 10 ms clock tick.
     */
    public static long processCpuNs() {
        Memory ts = new Memory(16);
        try {
            libc().clock_gettime(CLOCK_PROCESS_CPUTIME_ID, ts);
        } catch (LastErrorException e) {
            throw new NativeCallException("clock_gettime", e.getErrorCode(), "CLOCK_PROCESS_CPUTIME_ID");
        }
        return ts.getLong(0) * 1_000_000_000L + ts.getLong(8);
    }

    /** gettid(2): the kernel id of the calling thread. */
    public static int gettid() {
        return (int) syscall("gettid", null, nr().gettid);
    }

    /** sched_setaffinity(2) for one thread (tid 0 = the caller); {@code mask} is a CPU bit mask in 64-bit words. */
    public static void schedSetaffinity(int tid, long[] mask) {
        Memory m = words(mask);
        syscall("sched_setaffinity", "tid " + tid + " (a CPU outside this process's cpuset, or a thread that ended?)",
                nr().schedSetaffinity, tid, m.size(), m);
    }

    /** sched_getaffinity(2) for one thread (tid 0 = the caller), as a CPU bit mask in 64-bit words. */
    public static long[] schedGetaffinity(int tid) {
        for (int words = 16; ; words *= 2) {
            Memory m = new Memory(words * 8L);
            m.clear();
            try {
                syscall("sched_getaffinity", "tid " + tid, nr().schedGetaffinity, tid, m.size(), m);
                return m.getLongArray(0, words);
            } catch (NativeCallException e) {
                if (e.errno() != Errno.EINVAL || words >= 4096) {
                    throw e;
                }
            }
        }
    }

    /**
     * glibc's sched_getcpu(): the CPU the caller runs on. About a hundred times cheaper than {@link #getcpu()} (direct
     * mapping, no varargs marshalling, no native buffers), for callers that cache a thread's node.
     */
    public static int currentCpu() {
        if (libc == null) {
            libc(); // the platform check
        }
        try {
            return DirectLibC.sched_getcpu();
        } catch (LastErrorException e) {
            throw new NativeCallException("sched_getcpu", e.getErrorCode(), null);
        }
    }

    /** getcpu(2): {cpu, node} of the calling thread right now. */
    public static int[] getcpu() {
        Memory cpu = new Memory(4);
        Memory node = new Memory(4);
        syscall("getcpu", null, nr().getcpu, cpu, node, Pointer.NULL);
        return new int[] {cpu.getInt(0), node.getInt(0)};
    }

    /** set_mempolicy(2): {@code mode} is MPOL_*, {@code nodemask} in 64-bit words (may be empty for MPOL_DEFAULT/LOCAL). */
    public static void setMempolicy(int mode, long[] nodemask, String hint) {
        Memory m = nodemask.length == 0 ? null : words(nodemask);
        syscall("set_mempolicy", hint, nr().setMempolicy, mode, m, m == null ? 0L : m.size() * 8 + 1);
    }

    /**
     * get_mempolicy(2). Returns {mode, nodemask words...} for the calling thread, or with {@code flags} MPOL_F_NODE |
     * MPOL_F_ADDR, {node} of the page at {@code addr}.
     */
    public static long[] getMempolicy(long addr, long flags, int maskWords) {
        Memory mode = new Memory(4);
        mode.setInt(0, 0);
        Memory mask = new Memory(maskWords * 8L);
        mask.clear();
        syscall("get_mempolicy", null, nr().getMempolicy, mode, mask, maskWords * 64L, new Pointer(addr), flags);
        long[] out = new long[1 + maskWords];
        out[0] = mode.getInt(0);
        System.arraycopy(mask.getLongArray(0, maskWords), 0, out, 1, maskWords);
        return out;
    }

    /** mbind(2) over [addr, addr+len). */
    public static void mbind(long addr, long len, int mode, long[] nodemask, int flags, String hint) {
        Memory m = words(nodemask);
        syscall("mbind", hint, nr().mbind, new Pointer(addr), len, mode, m, m.size() * 8 + 1, flags);
    }

    /**
     * move_pages(2). With {@code nodes == null} it only queries: {@code status[i]} receives the node of page i or a
     * negative errno (-ENOENT: not yet touched). With nodes it moves page i to nodes[i].
     */
    public static void movePages(int pid, long[] pages, int[] nodes, int[] status, int flags, String hint) {
        int n = pages.length;
        Memory p = new Memory(8L * n);
        p.write(0, pages, 0, n);
        Memory nd = null;
        if (nodes != null) {
            nd = new Memory(4L * n);
            nd.write(0, nodes, 0, n);
        }
        Memory st = new Memory(4L * n);
        syscall("move_pages", hint, nr().movePages, pid, (long) n, p, nd, st, flags);
        st.read(0, status, 0, n);
    }

    /** migrate_pages(2): moves the pages of {@code pid} from the old node set to the new one. Returns pages not moved. */
    public static long migratePages(int pid, long[] oldNodes, long[] newNodes, String hint) {
        int words = Math.max(oldNodes.length, newNodes.length);
        Memory o = words(java.util.Arrays.copyOf(oldNodes, words));
        Memory n = words(java.util.Arrays.copyOf(newNodes, words));
        return syscall("migrate_pages", hint, nr().migratePages, pid, words * 64L + 1, o, n);
    }

    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS_NORESERVE = 0x02 | 0x20 | 0x4000;

    /**
     * mmap(2) of {@code len} bytes of private anonymous memory, readable and writable, without swap reservation.
     * Returns the page-aligned address; pages are allocated on first touch, under the policy mbind gives the range.
     */
    public static long mmapAnonymous(long len, String hint) {
        return syscall("mmap", hint, nr().mmap, Pointer.NULL, len, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS_NORESERVE,
                -1, 0L);
    }

    private static final int MAP_SHARED = 0x01;

    /**
     * mmap(2) of {@code len} bytes of file descriptor {@code fd} from offset 0, shared, readable and writable: a perf
     * event's ring buffer (the reader writes its position back into the first page).
     */
    public static long mmapShared(int fd, long len, String hint) {
        return syscall("mmap", hint, nr().mmap, Pointer.NULL, len, PROT_READ_WRITE, MAP_SHARED, fd, 0L);
    }

    /** The kernel's base page size in bytes. */
    public static int pageSize() {
        return libc().getpagesize();
    }

    /** munmap(2) of [addr, addr+len): the pages go back to the kernel. */
    public static void munmap(long addr, long len) {
        syscall("munmap", "address 0x" + Long.toHexString(addr) + ", " + len + " bytes", nr().munmap,
                new Pointer(addr), len);
    }

    /** A direct ByteBuffer over {@code len} bytes of native memory at {@code addr} (no copy; valid until unmapped). */
    public static java.nio.ByteBuffer directBuffer(long addr, int len) {
        return new Pointer(addr).getByteBuffer(0, len);
    }

    private static Memory words(long[] mask) {
        Memory m = new Memory(Math.max(1, mask.length) * 8L);
        m.clear();
        if (mask.length > 0) {
            m.write(0, mask, 0, mask.length);
        }
        return m;
    }
}
