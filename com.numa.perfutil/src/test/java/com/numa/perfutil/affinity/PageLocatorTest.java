package com.numa.perfutil.affinity;

import com.numa.perfutil.topology.MachineTopology;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PageLocatorTest {
    private static final int PAGE = 4096;
    /** Above glibc's largest mmap threshold (32 MiB), so malloc maps fresh, untouched pages. */
    private static final long SIZE = 64L << 20;

    private Memory memory;
    private long base;
    private NumaTopology real;

    @BeforeEach
    void freshMapping() {
        memory = new Memory(SIZE);
        base = Pointer.nativeValue(memory);
        real = MachineTopology.real();
    }

    @AfterEach
    void release() {
        memory.close();
    }

    private long touchedPage(int page) {
        memory.setByte((long) page * PAGE, (byte) 7);
        return base + (long) page * PAGE;
    }

    private long untouchedPage() {
        return base + SIZE / 2 + 3L * PAGE;
    }

    @Test
    void bindingPagesMovesThemAndLeavesTheRangesPolicyAndMappingsAsTheyWere() throws Exception {
        PageLocator locator = new PageLocator(real);
        long[] pages = {touchedPage(10), touchedPage(11), touchedPage(12), touchedPage(40), untouchedPage()};
        List<String> before = mappings();
        int node = real.node(0).realNode();
        int[] status = locator.bindPagesTo(pages, 0);
        for (int i = 0; i < 4; i++) {
            assertEquals(node, status[i], "touched page " + i + " is on the node");
            assertEquals(node, locator.nodeOf(pages[i]));
        }
        assertEquals(node, status[4], "a page never touched is not moved, and nothing fails");
        assertEquals(PageLocator.NOT_PRESENT, locator.nodeOf(pages[4]), "still untouched");
        long[] policy = LinuxSyscalls.getMempolicy(pages[0], MemoryPolicy.F_ADDR, NodeMasks.MAX_WORDS);
        assertEquals(MemoryPolicy.Mode.DEFAULT.mpol(), (int) policy[0], "the range's default policy is back");
        assertEquals(before, mappings(), "the mapping split for the bind is whole again");
        assertThrows(IllegalStateException.class, () -> new PageLocator(1, real).bindPagesTo(pages, 0),
                "another process's pages are not ours to bind");
    }

    /** The lines of /proc/self/maps over the test's mapping. */
    private List<String> mappings() throws Exception {
        return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> {
            String[] range = l.substring(0, l.indexOf(' ')).split("-");
            return Long.parseUnsignedLong(range[0], 16) < base + SIZE && Long.parseUnsignedLong(range[1], 16) > base;
        }).toList();
    }

    @Test
    void touchedPageIsOnTheRealNodeAndUntouchedPageIsNotPresent() {
        PageLocator locator = new PageLocator(real);
        long touched = touchedPage(1);

        int node = locator.nodeOf(touched);

        assertEquals(real.node(0).id(), node, "the one real node of this machine");
        int kernelSays = (int) LinuxSyscalls.getMempolicy(touched, MemoryPolicy.F_NODE | MemoryPolicy.F_ADDR, 1)[0];
        assertEquals(kernelSays, node, "get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR) agrees");
        assertEquals(PageLocator.NOT_PRESENT, locator.nodeOf(untouchedPage()));
        PageNodes pages = locator.nodesOf(new long[] {untouchedPage()});
        assertFalse(pages.present(0));
        assertEquals(Errno.ENOENT, pages.errno(0));
        assertTrue(pages.reason(0).contains("never touched"), pages.reason(0));
    }

    @Test
    void manyAddressesAreCountedPerNode() {
        long[] addresses = {touchedPage(2), untouchedPage(), touchedPage(3), touchedPage(5), untouchedPage() + PAGE};
        PageNodes pages = new PageLocator(real).nodesOf(addresses);
        assertEquals(5, pages.size());
        assertEquals(Map.of(real.node(0).id(), 3), pages.pagesPerNode());
        assertEquals(2, pages.notPresent());
        assertEquals(addresses[3], pages.address(3));
        assertEquals("on node " + real.node(0).id(), pages.reason(0));
    }

    @Test
    void movingToAPseudoNodeMovesToItsRealNode() {
        NumaTopology emulated = NumaTopologies.split(real, Math.min(2, real.usableCpus().size()));
        int last = emulated.nodeCount() - 1;
        PageLocator locator = new PageLocator(emulated);
        long[] addresses = {touchedPage(10), touchedPage(11)};

        PageNodes moved = locator.movePages(addresses, last);

        int target = emulated.node(last).realNode();
        assertEquals(target, moved.node(0));
        assertEquals(target, moved.node(1));
        assertEquals(target, locator.nodeOf(addresses[0]));
        assertEquals(0L, locator.migrateProcessPages(new int[] {0}, new int[] {last}),
                "pages that could not be migrated");
    }

    @Test
    void movingToANodeThatIsNotOnlineGivesEnodevWithItsHint() {
        NumaTopology fake = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0), 0, 63)),
                new int[][] {{10}}, true);
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> new PageLocator(fake).movePages(new long[] {touchedPage(4)}, 0));
        assertEquals(Errno.ENODEV, e.errno());
        assertTrue(e.getMessage().contains("target real node(s) [63] are not online"), e.getMessage());
    }

    @Test
    void aTaskThatIsGoneGivesEsrchWithItsHint() throws Exception {
        // a thread's id names a task to move_pages as a pid does; once the thread has ended, no task has it
        int[] tid = new int[1];
        Thread ended = new Thread(() -> tid[0] = LinuxSyscalls.gettid());
        ended.start();
        ended.join();
        int gone = tid[0];
        // join returns when the Java thread is done; the native one ends a little later
        Path task = Path.of("/proc/self/task/" + gone);
        for (long deadline = System.nanoTime() + 10_000_000_000L; Files.exists(task) && System.nanoTime() < deadline; ) {
            Thread.sleep(1);
        }
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> new PageLocator(gone, real).nodesOf(new long[] {base}));
        assertEquals(Errno.ESRCH, e.errno());
        assertTrue(e.getMessage().contains("process " + gone + " does not exist"), e.getMessage());
    }
}
