package com.numa.perfutil.locality;

import com.numa.core.io.KernelFiles;
import com.numa.perfutil.linux.LinuxSyscalls;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A page's node from its page frame: /proc/self/pagemap gives the frame number of a virtual page, and each node's
 * memory blocks in sysfs ({@code nodeN/memoryM}, {@code block_size_bytes} each) say which node holds the frame. It
 * also sees a page the balancing scanner has unmapped again (PROT_NONE), which move_pages reports as absent. Frame
 * numbers need CAP_SYS_ADMIN; where they are visible the sampler asks here first, since thousands of neighbouring
 * pages' entries take a few reads.
 */
final class PageFrameNodes implements AutoCloseable {
    private static final long PRESENT = 1L << 63;
    private static final long PFN_MASK = (1L << 55) - 1;

    private final RandomAccessFile pagemap;
    private final long blockBytes;
    private final Map<Long, Integer> blockNode;
    private final int pageShift;
    /** Entries read at once at most (4 KiB of pagemap, 2 MiB of memory with 4 KiB pages). */
    private static final int MAX_RUN = 512;
    private final byte[] run = new byte[MAX_RUN * 8];

    private PageFrameNodes(RandomAccessFile pagemap, long blockBytes, Map<Long, Integer> blockNode, int pageShift) {
        this.pagemap = pagemap;
        this.blockBytes = blockBytes;
        this.blockNode = blockNode;
        this.pageShift = pageShift;
    }

    /**
     * Null where pagemap or the memory blocks cannot be read, or where pagemap hides frame numbers (without
     * CAP_SYS_ADMIN): a page of its own, touched, must show its frame.
     */
    static PageFrameNodes open(int pageShift) {
        PageFrameNodes frames;
        try {
            long block = Long.parseUnsignedLong(KernelFiles.read(Path.of("/sys/devices/system/memory/block_size_bytes"))
                    .strip(), 16);
            Map<Long, Integer> nodes = blockNodes(Path.of("/sys/devices/system/node"));
            if (nodes.isEmpty()) {
                return null;
            }
            frames = new PageFrameNodes(new RandomAccessFile("/proc/self/pagemap", "r"), block, nodes, pageShift);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
        if (!frames.framesVisible()) {
            frames.close();
            return null;
        }
        return frames;
    }

    /** Memory block index → node, from the {@code nodeN/memoryM} entries. */
    static Map<Long, Integer> blockNodes(Path nodeRoot) throws IOException {
        Map<Long, Integer> out = new HashMap<>();
        try (Stream<Path> nodes = Files.list(nodeRoot)) {
            for (Path n : nodes.toList()) {
                String name = n.getFileName().toString();
                if (!name.matches("node\\d+")) {
                    continue;
                }
                int node = Integer.parseInt(name.substring(4));
                try (Stream<Path> entries = Files.list(n)) {
                    entries.map(e -> e.getFileName().toString()).filter(e -> e.matches("memory\\d+"))
                            .forEach(e -> out.put(Long.parseLong(e.substring(6)), node));
                }
            }
        }
        return out;
    }

    /** True when a page of its own, just touched, shows its frame's node. */
    private boolean framesVisible() {
        long page = 1L << pageShift;
        try {
            long probe = LinuxSyscalls.mmapAnonymous(page, "pagemap probe");
            try {
                LinuxSyscalls.directBuffer(probe, (int) page).put(0, (byte) 1);
                return nodeOf(probe) >= 0;
            } finally {
                LinuxSyscalls.munmap(probe, page);
            }
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The node of the page at {@code address}, or -1 (not present, or no frame number visible). */
    int nodeOf(long address) {
        return nodesOf(new long[] {address})[0];
    }

    /**
     * The node of each page of {@code sortedPages} (page-aligned addresses in ascending order), -1 where it is not
     * present or its frame number is not visible. Neighbouring pages are read with one read of their entries: the
     * sampler asks for thousands of pages at a time, mostly runs of one array's pages.
     */
    int[] nodesOf(long[] sortedPages) {
        int[] out = new int[sortedPages.length];
        Arrays.fill(out, -1);
        for (int from = 0; from < sortedPages.length; ) {
            long first = sortedPages[from] >>> pageShift;
            int to = from + 1; // the run: pages within MAX_RUN entries of the first
            while (to < sortedPages.length && (sortedPages[to] >>> pageShift) - first < MAX_RUN) {
                to++;
            }
            int entries = (int) ((sortedPages[to - 1] >>> pageShift) - first + 1);
            try {
                pagemap.seek(first * 8);
                pagemap.readFully(run, 0, entries * 8); // whole entries: pagemap answers nothing else
            } catch (IOException e) {
                from = to; // an unreadable run stays unknown; the others are still asked
                continue;
            }
            ByteBuffer entriesRead = ByteBuffer.wrap(run).order(ByteOrder.nativeOrder());
            for (int i = from; i < to; i++) {
                out[i] = node(entriesRead.getLong((int) ((sortedPages[i] >>> pageShift) - first) * 8));
            }
            from = to;
        }
        return out;
    }

    private int node(long entry) {
        if ((entry & PRESENT) == 0 || (entry & PFN_MASK) == 0) {
            return -1;
        }
        long physical = (entry & PFN_MASK) << pageShift;
        return blockNode.getOrDefault(physical / blockBytes, -1);
    }

    @Override
    public void close() {
        try {
            pagemap.close();
        } catch (IOException ignored) {
            // read-only file
        }
    }
}
