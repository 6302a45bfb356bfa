package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryRangesTest {

    @Test
    void g1HeapIsOneRange() {
        assertEquals(List.of(new MemoryRanges.Range(0x687400000L, 0x800000000L, MemoryRanges.HEAP)),
                MemoryRanges.heapRanges("""
                         garbage-first heap   total 397312K, used 7632K [0x0000000687400000, 0x0000000800000000)
                          region size 4096K, 1 young (4096K), 0 survivors (0K)
                         Metaspace       used 2896K, committed 3072K, reserved 1114112K
                        """));
    }

    @Test
    void serialGenerationsAreNamedAndTheirSpacesLeftOut() {
        List<MemoryRanges.Range> r = MemoryRanges.heapRanges("""
                 def new generation   total 116160K, used 6197K [0x0000000687400000, 0x000000068f200000, 0x0000000704d50000)
                  eden space 103296K,   6% used [0x0000000687400000, 0x0000000687a0d768, 0x000000068d8e0000)
                 tenured generation   total 258048K, used 0K [0x0000000704d50000, 0x0000000714950000, 0x0000000800000000)
                   the space 258048K,   0% used [0x0000000704d50000, 0x0000000704d50000, 0x0000000704d50200, 0x0000000714950000)
                """);
        assertEquals(List.of(new MemoryRanges.Range(0x687400000L, 0x704d50000L, "heap: def new generation"),
                new MemoryRanges.Range(0x704d50000L, 0x800000000L, "heap: tenured generation")), r);
    }

    @Test
    void codeHeapsGiveTheirBounds() {
        List<MemoryRanges.Range> r = MemoryRanges.codeCacheRanges("""
                CodeHeap 'non-profiled nmethods': size=120036Kb used=144Kb max_used=144Kb free=119891Kb
                 bounds [0x00007f101cec7000, 0x00007f101d137000, 0x00007f1024400000]
                CodeHeap 'non-nmethods': size=5692Kb used=1128Kb max_used=1143Kb free=4563Kb
                 bounds [0x00007f101c938000, 0x00007f101cba8000, 0x00007f101cec7000]
                """);
        assertEquals(List.of(new MemoryRanges.Range(0x7f101cec7000L, 0x7f1024400000L, MemoryRanges.CODE_CACHE),
                new MemoryRanges.Range(0x7f101c938000L, 0x7f101cec7000L, MemoryRanges.CODE_CACHE)), r);
    }

    @Test
    void classSpaceFromTheKlassRangeLine() {
        assertEquals(List.of(new MemoryRanges.Range(0x3b001000L, 0x7c000000L, MemoryRanges.METASPACE)),
                MemoryRanges.classSpaceRanges("Narrow klass base: 0x000000003b000000, Narrow klass shift: 0\n"
                        + "Klass Range:    [0x000000003b001000 - 0x000000007c000000), (1090514944 bytes)\n"));
        assertEquals(List.of(), MemoryRanges.classSpaceRanges("Virtual space:\n  Class space: 1.00 GB reserved\n"));
    }

    @Test
    void stackPointers() {
        assertEquals(0x7f00000ff000L, MemoryRanges.parseSyscallStackPointer(
                "202 0x7f0 0x80 0x1 0x0 0x0 0x0 0x7f00000ff000 0x7f5541c1a3c9\n"));
        assertEquals(0x7f00000ff000L, MemoryRanges.parseSyscallStackPointer("-1 0x7f00000ff000 0x7f5541c1a3c9\n"));
        assertEquals(0, MemoryRanges.parseSyscallStackPointer("running\n"));
    }

    @Test
    void heapOfJvmAsksForTheHeapAlone() {
        MemoryRanges r = MemoryRanges.heapOfJvm(null);
        r.refresh(List.of());
        List<MemoryRanges.Range> jvm = r.jvmRanges();
        org.junit.jupiter.api.Assertions.assertTrue(jvm.stream().anyMatch(x -> x.name().startsWith(MemoryRanges.HEAP)),
                jvm.toString());
        // the CDS archive comes from /proc/self/maps, not from a diagnostic command; nothing is code cache
        org.junit.jupiter.api.Assertions.assertTrue(jvm.stream().noneMatch(x -> x.name().equals(MemoryRanges.CODE_CACHE)),
                jvm.toString());
    }
}
