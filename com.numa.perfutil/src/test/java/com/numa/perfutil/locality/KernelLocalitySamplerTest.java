package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampler on the machine the tests run on, with ordinary first-touch faults (one per page a thread touches first):
 * a thread named "toucher" touches every page of a fresh 8 MiB mapping, so it takes one fault per page, on the node it
 * runs on. On a one-node machine every sample is local; on several nodes the first touch places the page on the
 * toucher's node under the default policy, so its samples are local too.
 */
class KernelLocalitySamplerTest {
    private static final int PAGES = 2048;

    @TempDir
    Path dir;

    @Test
    void firstTouchOfAFreshMappingIsSampledOncePerPageAllLocal() throws Exception {
        int page = LinuxSyscalls.pageSize();
        long len = (long) PAGES * page;
        long addr = LinuxSyscalls.mmapAnonymous(len, "test mapping");
        try {
            KernelLocalitySampler s = KernelLocalitySampler.start(KernelLocalitySampler.Options.DEFAULTS,
                    MemoryRanges.ofPlatformServer());
            int toucherTid = touchEveryPageOnceSampled(s, addr, len);
            LocalityReport r = s.stop();
            LocalityTally.Split touched = r.tally().byThread().get(toucherTid);
            assertEquals("toucher", r.threadNames().get(toucherTid));
            assertEquals(0, r.lostSamples(), r.describe());
            assertTrue(inMapping(r, toucherTid) >= PAGES,
                    "one first-touch fault per page, in an anonymous mapping: " + r.describe());
            assertEquals(0, touched.remote(), r.describe());
            assertEquals(0, r.otherProcessSamples(), r.describe());
            assertEquals(0, r.tally().total().remote(), r.describe());
            assertTrue(r.samples() > 0, r.describe());
            assertTrue(r.samplerCpuNs() > 0, r.describe());
            assertTrue(r.windowNs() > 0, r.describe());
            Files.createDirectories(dir);
            r.writeCells(dir.resolve("cells.csv"));
            List<String> lines = Files.readAllLines(dir.resolve("cells.csv"));
            assertEquals(String.join(",", LocalityReport.CELL_COLUMNS), lines.get(0));
            assertEquals(r.tally().cells().size(), lines.size() - 1);
        } finally {
            LinuxSyscalls.munmap(addr, len);
        }
    }

    /** A thread named "toucher" writes one byte of every page of the mapping once it is sampled; returns its tid. */
    private static int touchEveryPageOnceSampled(KernelLocalitySampler s, long addr, long len) throws Exception {
        int page = LinuxSyscalls.pageSize();
        int[] toucherTid = new int[1];
        Thread toucher = new Thread(() -> {
            toucherTid[0] = LinuxSyscalls.gettid();
            while (!s.sampling(toucherTid[0])) {
                Thread.onSpinWait(); // the sampler finds new threads at its next refresh
            }
            ByteBuffer b = LinuxSyscalls.directBuffer(addr, (int) len);
            for (int i = 0; i < len / page; i++) {
                b.put(i * page, (byte) 1);
            }
        }, "toucher");
        toucher.start();
        toucher.join();
        return toucherTid[0];
    }

    private static long inMapping(LocalityReport r, int tid) {
        return r.tally().cells().entrySet().stream()
                .filter(e -> e.getKey().tid() == tid && e.getKey().range().equals(MemoryRanges.OTHER))
                .mapToLong(Map.Entry::getValue).sum();
    }

    @Test
    void pagesToResolveAreAskedOnceEachInAddressOrder() {
        long[] pages = {0x3000, 0x1000, 0x3000, 0x2000, 0x1000, 0x9000};
        assertArrayEquals(new long[] {0x1000, 0x2000, 0x3000}, KernelLocalitySampler.distinct(pages, 5),
                "the first 5 only, each once");
        assertEquals(0, KernelLocalitySampler.distinct(pages, 0).length);
    }
}
