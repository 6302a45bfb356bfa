package com.numa.perfutil.affinity;

import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.NumaTopology;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SortedSet;

/**
 * Off-heap memory of our own (an anonymous mmap), whose ranges can be bound to NUMA nodes with mbind, for code that
 * manages a heap of its own (the research heap of com.numa.gc). Page-aligned, so every bound range starts on a page;
 * read and written through a native-order direct {@link ByteBuffer}; returned to the kernel by {@link #close}, not
 * by the Java GC, so a caller can rely on its footprint. Nodes are topology indexes, translated to the real nodes
 * behind them: on an emulated topology the calls are real and bind to the pseudo-node's real node.
 */
public final class MappedMemory implements AutoCloseable {
    private final long address;
    private final int size;
    private final ByteBuffer buffer;
    private boolean closed;

    private MappedMemory(long address, int size) {
        this.address = address;
        this.size = size;
        this.buffer = LinuxSyscalls.directBuffer(address, size).order(ByteOrder.nativeOrder());
    }

    /** Maps {@code bytes} (rounded up to whole pages, at most 2 GiB - 1 page) of fresh, untouched memory. */
    public static MappedMemory map(long bytes) {
        long page = pageSize();
        long rounded = (bytes + page - 1) / page * page;
        if (bytes <= 0 || rounded > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("cannot map " + bytes + " bytes: give 1 byte to "
                    + (Integer.MAX_VALUE / page * page) + " bytes (one direct buffer addresses at most 2 GiB)");
        }
        long addr = LinuxSyscalls.mmapAnonymous(rounded, rounded + " bytes (address space or vm.max_map_count "
                + "exhausted?)");
        return new MappedMemory(addr, (int) rounded);
    }

    /** The size of a base page (the granularity of mbind and move_pages). */
    public static long pageSize() {
        return 4096; // x86_64 and the usual aarch64 kernels; mbind rejects unaligned ranges, so a wrong value shows
    }

    /** Address of the first byte. */
    public long address() {
        return address;
    }

    /** Size in bytes (a whole number of pages). */
    public int size() {
        return size;
    }

    /** The memory as a native-order direct buffer; index 0 is {@link #address()}. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** Binds [offset, offset+length) to node {@code nodeIndex} of {@code topology} (mbind MPOL_BIND, moving pages). */
    public void bind(long offset, long length, NumaTopology topology, int nodeIndex) {
        mbind(offset, length, MemoryPolicy.Mode.BIND, NodeMasks.realNodes(topology, nodeIndex));
    }

    /** Interleaves [offset, offset+length) page by page over the given nodes (mbind MPOL_INTERLEAVE). */
    public void interleave(long offset, long length, NumaTopology topology, int... nodeIndexes) {
        mbind(offset, length, MemoryPolicy.Mode.INTERLEAVE, NodeMasks.realNodes(topology, nodeIndexes));
    }

    private void mbind(long offset, long length, MemoryPolicy.Mode mode, SortedSet<Integer> real) {
        checkOpen();
        if (offset < 0 || length <= 0 || offset + length > size || offset % pageSize() != 0) {
            throw new IllegalArgumentException("range [" + offset + ", " + (offset + length) + ") is not a page-aligned "
                    + "range of this " + size + "-byte mapping");
        }
        try {
            LinuxSyscalls.mbind(address + offset, length, mode.mpol(), NodeMasks.toMask(real), MemoryPolicy.MF_MOVE,
                    null);
        } catch (NativeCallException e) {
            throw KernelHints.withHint(e, e.errno() == Errno.EIO ? "some pages of real node(s) " + real
                    + " could not be moved (locked or shared)" : KernelHints.mempolicy(e.errno(), real));
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("mapping at 0x" + Long.toHexString(address) + " is already unmapped");
        }
    }

    /** Unmaps the memory; the buffer must not be used afterwards. Idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            LinuxSyscalls.munmap(address, size);
        }
    }
}
