package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The join of sampled heap pages with sampled objects, on synthetic pages of 4 KiB: an object covers the pages from
 * the one holding its first byte to the one holding its last, a site's shared pages count once, and sites without a
 * sampled page are left out.
 */
class LocalitySitesTest {
    private static final int PAGE = 4096;
    private static final long BASE = 0x7f00_0000_0000L;

    @TempDir
    Path dir;

    /** Pages BASE + i * PAGE for i = 0..9, page i with i local and 10 - i remote samples; page 5 unsampled. */
    private static HeapPages tenPages() {
        long[] pages = new long[9];
        long[] local = new long[9];
        long[] remote = new long[9];
        int k = 0;
        for (int i = 0; i < 10; i++) {
            if (i == 5) {
                continue;
            }
            pages[k] = BASE + (long) i * PAGE;
            local[k] = i;
            remote[k] = 10 - i;
            k++;
        }
        return new HeapPages(pages, local, remote);
    }

    @Test
    void anObjectCoversThePagesFromItsFirstByteToItsLast() {
        HeapPages p = tenPages();
        // 100 bytes into page 2, 2 pages long: pages 2, 3 and 4
        LocalitySites.Site s = only(LocalitySites.join(p, List.of(
                new LocalitySites.SampledObject(BASE + 2 * PAGE + 100, 2 * PAGE, "long[]", "A.fill:10", false)), PAGE));
        assertEquals(3, s.pages());
        assertEquals(2 + 3 + 4, s.local());
        assertEquals(8 + 7 + 6, s.remote());
        assertEquals(21.0 / 30, s.remoteShare(), 1e-12);
        assertEquals("A.fill:10", s.site());
        assertEquals("long[]", s.type());
    }

    @Test
    void aSitesSharedPagesCountOnceAndUnsampledPagesNotAtAll() {
        HeapPages p = tenPages();
        List<LocalitySites.SampledObject> objects = List.of(
                new LocalitySites.SampledObject(BASE + 4 * PAGE, 2 * PAGE, "Node", "B.make:3", false), // pages 4, (5)
                new LocalitySites.SampledObject(BASE + 4 * PAGE + 64, 64, "Node", "B.make:3", false), // page 4 again
                new LocalitySites.SampledObject(BASE + 8 * PAGE, 16, "Node", "B.make:3", false), // page 8
                new LocalitySites.SampledObject(BASE + 20 * PAGE, 16, "Node", "C.lost:1", false)); // no sampled page
        List<LocalitySites.Site> sites = LocalitySites.join(p, objects, PAGE);
        LocalitySites.Site b = only(sites);
        assertEquals(3, b.objects());
        assertEquals(2 * PAGE + 64 + 16, b.bytes());
        assertEquals(2, b.pages(), "pages 4 and 8; 5 has no sample, 4 counts once");
        assertEquals(4 + 8, b.local());
        assertEquals(6 + 2, b.remote());
    }

    @Test
    void mostRemoteSamplesFirstAndOneRowPerSiteAndType() {
        HeapPages p = tenPages();
        List<LocalitySites.Site> sites = LocalitySites.join(p, List.of(
                new LocalitySites.SampledObject(BASE + 9 * PAGE, 8, "int[]", "S.a:1", false), // remote 1
                new LocalitySites.SampledObject(BASE, 8, "int[]", "S.a:1", false), // remote 10: same row as above
                new LocalitySites.SampledObject(BASE + 7 * PAGE, 8, "byte[]", "S.a:1", false), // remote 3: own row (type)
                new LocalitySites.SampledObject(BASE + 3 * PAGE, 8, "int[]", "S.b:2", false)), PAGE); // remote 7
        assertEquals(List.of("S.a:1 int[]", "S.b:2 int[]", "S.a:1 byte[]"),
                sites.stream().map(s -> s.site() + " " + s.type()).toList());
        assertEquals(11, sites.get(0).remote());
    }

    @Test
    void numaJvmsOwnObjectsAreInNoSite() {
        List<LocalitySites.Site> sites = LocalitySites.join(tenPages(), List.of(
                new LocalitySites.SampledObject(BASE, 8, "java.lang.Long", "java.lang.Long.valueOf:1211", true),
                new LocalitySites.SampledObject(BASE + PAGE, 8, "int[]", "App.run:5", false)), PAGE);
        assertEquals(List.of("App.run:5"), sites.stream().map(LocalitySites.Site::site).toList());
    }

    @Test
    void pagesRoundTripThroughTheirCsvAndABadFileIsNamed() throws IOException {
        HeapPages p = tenPages();
        Path f = dir.resolve("perfutil-locality-pages.csv");
        p.write(f);
        assertEquals("page,local_samples,remote_samples", Files.readAllLines(f).get(0));
        HeapPages back = HeapPages.read(f);
        assertEquals(p.size(), back.size());
        assertEquals(p.within(BASE, BASE + 10L * PAGE), back.within(BASE, BASE + 10L * PAGE));
        Files.writeString(f, "page,local_samples,remote_samples\n0x2000,1,0\n0x1000,1,0\n");
        IOException e = assertThrows(IOException.class, () -> HeapPages.read(f));
        assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("ascending"), e.getMessage());
        Files.writeString(f, "page,local_samples,remote_samples\nzz,1,0\n");
        e = assertThrows(IOException.class, () -> HeapPages.read(f));
        assertTrue(e.getMessage().contains("line"), e.getMessage());
    }

    @Test
    void withinCountsPagesThatStartInTheSpan() {
        HeapPages p = tenPages();
        assertEquals(new LocalityTally.Split(0, 10), p.within(BASE, BASE + 1));
        assertEquals(new LocalityTally.Split(0, 0), p.within(BASE + 5 * PAGE, BASE + 6 * PAGE), "page 5: no sample");
        assertEquals(9, p.pagesWithin(0, Long.MAX_VALUE));
        assertEquals(0, HeapPages.NONE.pagesWithin(0, Long.MAX_VALUE));
    }

    private static LocalitySites.Site only(List<LocalitySites.Site> sites) {
        assertEquals(1, sites.size(), sites.toString());
        return sites.get(0);
    }
}
