package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.perfutil.affinity.PageLocator;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.topology.SysfsTopologyReader;
import org.junit.jupiter.api.Test;

/** The page-frame fallback agrees with move_pages on a touched page, and finds nothing on an untouched one. */
class PageFrameNodesTest {

    @Test
    void aTouchedPagesFrameIsOnTheNodeMovePagesReports() {
        assumeTrue("root".equals(System.getProperty("user.name")), "frame numbers in pagemap need root");
        int page = LinuxSyscalls.pageSize();
        long addr = LinuxSyscalls.mmapAnonymous(4L * page, "test mapping");
        try (PageFrameNodes frames = PageFrameNodes.open(Integer.numberOfTrailingZeros(page))) {
            assertNotNull(frames, "pagemap and the memory blocks are readable");
            LinuxSyscalls.directBuffer(addr, page).put(0, (byte) 1);
            int byMovePages = new PageLocator(new SysfsTopologyReader().read()).nodeOf(addr);
            assertEquals(byMovePages, frames.nodeOf(addr));
            assertEquals(-1, frames.nodeOf(addr + 2L * page), "never touched: no frame");
        } finally {
            LinuxSyscalls.munmap(addr, 4L * page);
        }
    }

    @Test
    void neighbouringPagesReadTogetherGiveEachPagesOwnNode() {
        assumeTrue("root".equals(System.getProperty("user.name")), "frame numbers in pagemap need root");
        int page = LinuxSyscalls.pageSize();
        int pages = 1500; // runs of up to 512 entries: three reads, and a gap of untouched pages inside each
        long addr = LinuxSyscalls.mmapAnonymous((long) pages * page, "test mapping");
        try (PageFrameNodes frames = PageFrameNodes.open(Integer.numberOfTrailingZeros(page))) {
            assertNotNull(frames, "pagemap and the memory blocks are readable");
            java.nio.ByteBuffer b = LinuxSyscalls.directBuffer(addr, pages * page);
            long[] asked = new long[pages / 2];
            for (int i = 0; i < asked.length; i++) {
                asked[i] = addr + (long) (2 * i) * page; // every other page, touched where i is odd
                if (i % 2 == 1) {
                    b.put(2 * i * page, (byte) 1);
                }
            }
            int node = new PageLocator(new SysfsTopologyReader().read()).nodeOf(asked[1]);
            int[] nodes = frames.nodesOf(asked);
            for (int i = 0; i < asked.length; i++) {
                assertEquals(i % 2 == 1 ? node : -1, nodes[i], "page " + i);
                assertEquals(nodes[i], frames.nodeOf(asked[i]), "page " + i + " asked alone");
            }
        } finally {
            LinuxSyscalls.munmap(addr, (long) pages * page);
        }
    }
}
