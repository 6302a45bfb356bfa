package com.numa.perfutil.locality;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A page's node from its page frame: /proc/self/pagemap gives the frame number of a virtual page, and each node's
 * memory blocks in sysfs ({@code nodeN/memoryM}, {@code block_size_bytes} each) say which node holds the frame. The
 * fallback for pages move_pages reports as absent: a page the balancing scanner has unmapped again (PROT_NONE) is
 * absent to move_pages but still present, with its frame, in pagemap. Frame numbers need CAP_SYS_ADMIN (root); without
 * it pagemap reads them as 0 and this answers -1.
 */
final class PageFrameNodes implements AutoCloseable {
    private static final long PRESENT = 1L << 63;
    private static final long PFN_MASK = (1L << 55) - 1;

    private final RandomAccessFile pagemap;
    private final long blockBytes;
    private final Map<Long, Integer> blockNode;
    private final int pageShift;
    private final byte[] entry = new byte[8];

    private PageFrameNodes(RandomAccessFile pagemap, long blockBytes, Map<Long, Integer> blockNode, int pageShift) {
        this.pagemap = pagemap;
        this.blockBytes = blockBytes;
        this.blockNode = blockNode;
        this.pageShift = pageShift;
    }

    /** Null where pagemap or the memory blocks cannot be read. */
    static PageFrameNodes open(int pageShift) {
        try {
            long block = Long.parseUnsignedLong(KernelFiles.read(Path.of("/sys/devices/system/memory/block_size_bytes"))
                    .strip(), 16);
            Map<Long, Integer> nodes = blockNodes(Path.of("/sys/devices/system/node"));
            return nodes.isEmpty() ? null
                    : new PageFrameNodes(new RandomAccessFile("/proc/self/pagemap", "r"), block, nodes, pageShift);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
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

    /** The node of the page at {@code address}, or -1 (not present, or no frame number visible). */
    int nodeOf(long address) {
        try {
            pagemap.seek((address >>> pageShift) * 8);
            pagemap.readFully(entry); // one 8-byte read: pagemap answers only whole entries
            long e = java.nio.ByteBuffer.wrap(entry).order(java.nio.ByteOrder.nativeOrder()).getLong();
            if ((e & PRESENT) == 0 || (e & PFN_MASK) == 0) {
                return -1;
            }
            long physical = (e & PFN_MASK) << pageShift;
            return blockNode.getOrDefault(physical / blockBytes, -1);
        } catch (IOException e) {
            return -1;
        }
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
