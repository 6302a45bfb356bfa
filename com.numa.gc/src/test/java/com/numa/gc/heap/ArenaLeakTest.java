package com.numa.gc.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.topology.NumaTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The arena never leaks: regions add up after every collection, and the process's RSS stays flat. */
class ArenaLeakTest {
    private static final NumaTopology TWO_NODES = TestTopologies.nodes(2);
    /** Allowed RSS growth: far below what a leak would add (a region per collection = 64 MiB over 1000). */
    private static final long SLACK_BYTES = 24L << 20;

    static long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    @Test
    void rssStaysStableOverAThousandCollections() throws IOException {
        try (ResearchHeap h = new ResearchHeap(TWO_NODES, 8L << 20, Collectors.byName("numa-tospace"), 1,
                ThreadPinning.none())) {
            h.threadStarted(0, 0);
            h.threadStarted(1, 1);
            long id = 1;
            long before = 0;
            for (int gc = 0; gc < 1100; gc++) {
                for (int i = 0; i < 200; i++, id++) {
                    h.allocate((int) (id % 2), id, 1, 48);
                    if (i % 10 == 0) {
                        h.setRoot(i / 10, id); // 20 survivors per round, replaced next round
                    }
                }
                h.collect();
                int[] regions = h.regionAccounting();
                assertEquals(regions[2], regions[0] + regions[1], "regions in use + free after collection " + gc);
                if (gc == 99) {
                    System.gc();
                    before = rssBytes();
                }
            }
            System.gc();
            long growth = rssBytes() - before;
            assertTrue(h.stats().collections() >= 1000, "collections: " + h.stats().collections());
            assertTrue(growth < SLACK_BYTES, "RSS grew by " + (growth >> 10) + " KiB over 1000 collections");
        }
    }

    @Test
    void closingAHeapGivesItsMemoryBack() throws IOException {
        long before = rssBytes();
        for (int i = 0; i < 40; i++) {
            try (ResearchHeap h = new ResearchHeap(TWO_NODES, 16L << 20, Collectors.byName("baseline"), 1,
                    ThreadPinning.none())) {
                h.threadStarted(0, 0);
                // Touch every page of one semispace: without munmap, 40 heaps would keep ~320 MiB resident.
                for (long id = 1; id <= 2000; id++) {
                    h.allocate(0, id, 0, 4000);
                }
            }
        }
        long growth = rssBytes() - before;
        assertTrue(growth < SLACK_BYTES, "RSS grew by " + (growth >> 10) + " KiB over 40 heaps");
    }
}
