package com.numa.perfutil.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventParserTest {
    @TempDir
    Path root;
    EventParser parser;

    /** A fake sysfs tree: an uncore memory-controller PMU, plus the software PMU every kernel has. */
    @BeforeEach
    void fakePmus() throws IOException {
        Path imc = root.resolve("uncore_imc_0");
        write(imc.resolve("type"), "17\n");
        write(imc.resolve("format/event"), "config:0-7\n");
        write(imc.resolve("format/umask"), "config:8-15\n");
        write(imc.resolve("format/ext"), "config:0-7,32-35\n");
        write(imc.resolve("format/thresh"), "config1:0-15\n");
        write(imc.resolve("format/edge"), "config:18\n");
        write(imc.resolve("events/cas_count_read"), "event=0x04,umask=0x03\n");
        write(imc.resolve("events/cas_count_read.scale"), "6.103515625e-5\n");
        write(imc.resolve("events/cas_count_read.unit"), "MiB\n");
        write(imc.resolve("events/clockticks"), "event=0x00\n");
        write(imc.resolve("events/loop_a"), "loop_b\n");
        write(imc.resolve("events/loop_b"), "loop_a\n");
        write(root.resolve("software/type"), "1\n");
        parser = new EventParser(new PmuCatalog(root));
    }

    private static void write(Path p, String s) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, s);
    }

    @Test
    void genericHardwareEventsAndSynonyms() {
        EventSpec cycles = parser.parse("cycles");
        assertEquals(EventSpec.TYPE_HARDWARE, cycles.type());
        assertEquals(0, cycles.config());
        assertTrue(cycles.needsHardwarePmu());
        assertEquals(cycles.withName("cpu-cycles"), parser.parse("cpu-cycles"));
        assertEquals(1, parser.parse("instructions").config());
        assertEquals(4, parser.parse("branch-instructions").config());
        assertEquals(4, parser.parse("branches").config());
        assertEquals(9, parser.parse("ref-cycles").config());
        assertEquals(8, parser.parse("stalled-cycles-backend").config());
    }

    @Test
    void hardwareCacheEventsUseIdOpResultEncoding() {
        EventSpec llc = parser.parse("LLC-load-misses");
        assertEquals(EventSpec.TYPE_HW_CACHE, llc.type());
        assertEquals(2 | (0 << 8) | (1 << 16), llc.config());
        assertEquals(6 | (1 << 8), parser.parse("node-stores").config());
        assertEquals(6 | (2 << 8) | (1 << 16), parser.parse("node-prefetch-misses").config());
        assertEquals(0 | (2 << 8) | (1 << 16), parser.parse("L1-dcache-prefetch-misses").config());
        assertEquals(1, parser.parse("L1-icache-loads").config());
        assertEquals(3 | (1 << 16), parser.parse("dTLB-load-misses").config());
        assertEquals(4 | (1 << 8), parser.parse("iTLB-stores").config());
        assertEquals(5 | (1 << 16), parser.parse("branch-load-misses").config());
        assertTrue(llc.needsHardwarePmu());
    }

    @Test
    void softwareEventsNeedNoPmu() {
        EventSpec cs = parser.parse("cs");
        assertEquals(EventSpec.TYPE_SOFTWARE, cs.type());
        assertEquals(3, cs.config());
        assertFalse(cs.needsHardwarePmu());
        assertEquals(1, parser.parse("task-clock").config());
        assertEquals(2, parser.parse("faults").config());
        assertEquals(4, parser.parse("migrations").config());
        assertEquals(9, parser.parse("dummy").config());
        assertEquals(8, parser.parse("emulation-faults").config());
    }

    @Test
    void rawEventsAreHex() {
        EventSpec raw = parser.parse("r1a8");
        assertEquals(EventSpec.TYPE_RAW, raw.type());
        assertEquals(0x1a8, raw.config());
        assertTrue(raw.needsHardwarePmu());
        assertEquals(0x53003c, parser.parse("r53003c:u").config());
    }

    @Test
    void modifiersExcludePrivilegeLevels() {
        EventSpec u = parser.parse("cycles:u");
        assertTrue(u.excludeKernel());
        assertFalse(u.excludeUser());
        assertEquals("cycles:u", u.name());
        EventSpec k = parser.parse("task-clock:k");
        assertTrue(k.excludeUser());
        assertFalse(k.excludeKernel());
        EventSpec uk = parser.parse("instructions:uk");
        assertFalse(uk.excludeUser() || uk.excludeKernel());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parser.parse("cycles:x"));
        assertTrue(e.getMessage().contains("unknown modifier 'x'"), e.getMessage());
    }

    @Test
    void pmuTermsArePlacedByFormatFiles() {
        EventSpec e = parser.parse("uncore_imc_0/event=0x04,umask=0x03/");
        assertEquals(17, e.type());
        assertEquals(0x0304, e.config());
        assertTrue(e.needsHardwarePmu());
        assertEquals(0x0304 | (1L << 18), parser.parse("uncore_imc_0/event=4,umask=3,edge/").config());
        assertEquals(0x1234, parser.parse("uncore_imc_0/event=1,thresh=0x1234/").config1());
        assertEquals(0x9L << 40, parser.parse("uncore_imc_0/config2=0x90000000000/").config2());
    }

    @Test
    void splitFormatRangesTakeLowBitsFirst() {
        EventSpec e = parser.parse("uncore_imc_0/ext=0xabc/");
        assertEquals(0xbcL | (0xaL << 32), e.config());
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> parser.parse("uncore_imc_0/ext=0x1000/"));
        assertTrue(big.getMessage().contains("does not fit PMU term 'ext' (12 bits)"), big.getMessage());
    }

    @Test
    void aliasesExpandToTheirTerms() {
        EventSpec alias = parser.parse("uncore_imc_0/cas_count_read/");
        assertEquals(parser.parse("uncore_imc_0/event=0x04,umask=0x03/").withName(alias.name()), alias);
        EventSpec user = parser.parse("uncore_imc_0/cas_count_read/u");
        assertTrue(user.excludeKernel());
        assertEquals(0x0304, user.config());
        PmuCatalog.Alias a = new PmuCatalog(root).pmu("uncore_imc_0").aliases().get("cas_count_read");
        assertEquals(6.103515625e-5, a.scale());
        assertEquals("MiB", a.unit());
        assertTrue(parser.knownNames().contains("uncore_imc_0/cas_count_read/"));
        assertFalse(parser.knownNames().contains("uncore_imc_0/cas_count_read.scale/"));
        IllegalArgumentException loop = assertThrows(IllegalArgumentException.class,
                () -> parser.parse("uncore_imc_0/loop_a/"));
        assertTrue(loop.getMessage().contains("loop"), loop.getMessage());
    }

    @Test
    void unknownNamesListTheClosestKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parser.parse("instrucions"));
        assertTrue(e.getMessage().contains("unknown event 'instrucions'"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean instructions"), e.getMessage());
        IllegalArgumentException pmu = assertThrows(IllegalArgumentException.class,
                () -> parser.parse("uncore_imc_1/event=1/"));
        assertTrue(pmu.getMessage().contains("did you mean uncore_imc_0"), pmu.getMessage());
        IllegalArgumentException term = assertThrows(IllegalArgumentException.class,
                () -> parser.parse("uncore_imc_0/umsk=3/"));
        assertTrue(term.getMessage().contains("no term or alias 'umsk'") && term.getMessage().contains("umask"),
                term.getMessage());
        IllegalArgumentException value = assertThrows(IllegalArgumentException.class,
                () -> parser.parse("uncore_imc_0/event=zz/"));
        assertTrue(value.getMessage().contains("not a number"), value.getMessage());
        assertThrows(IllegalArgumentException.class, () -> parser.parse("uncore_imc_0/event=1"));
        assertThrows(IllegalArgumentException.class, () -> parser.parse(" "));
    }

    @Test
    void corePmuIsRecognisedFromTheTree() throws IOException {
        PmuCatalog vm = new PmuCatalog(root);
        assertFalse(vm.hasCorePmu(), "uncore and software PMUs are not a core PMU");
        write(root.resolve("cpu/type"), "4\n");
        assertTrue(new PmuCatalog(root).hasCorePmu());
        assertEquals(java.util.List.of("cpu", "software", "uncore_imc_0"), new PmuCatalog(root).pmuNames());
        assertFalse(new PmuCatalog(root.resolve("missing")).hasCorePmu());
    }

    @Test
    void badFormatFilesAreReported() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PmuFormat.parse("event", "config3:0-7"));
        assertTrue(e.getMessage().contains("config:0-7"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PmuFormat.parse("event", "config:9-2"));
        assertEquals(64, PmuFormat.parse("event", "config:0-63").width());
    }
}
