package com.numa.testing;

import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import com.numa.perfutil.affinity.MemoryPolicy;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * Run inside the NUMA guest by {@link NumaGuestIT}: drives numa-jvm's own syscall bindings on a real two-node kernel
 * and prints what the kernel answered as {@code key=value} lines, for the test to judge on the host.
 */
public final class GuestProbe {

    private static final int PAGE = 4096;
    private static final int PAGES = 64;

    private GuestProbe() {
    }

    public static void main(String[] args) throws Exception {
        String allowed = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElse("?");
        System.out.println("cpus_allowed_list=" + allowed);
        int[] here = LinuxSyscalls.getcpu();
        System.out.println("start_cpu=" + here[0]);
        System.out.println("start_node=" + here[1]);

        LinuxSyscalls.schedSetaffinity(0, new long[] {1L}); // CPU 0 only
        int[] moved = LinuxSyscalls.getcpu();
        System.out.println("pinned0_cpu=" + moved[0]);
        System.out.println("pinned0_node=" + moved[1]);

        // Above malloc's mmap threshold, so these are fresh pages that first touch places on this CPU's node.
        Memory local = touched();
        System.out.println("first_touch_nodes=" + nodesOf(local));
        long[] pages = pageAddresses(local);
        int[] targets = new int[PAGES];
        Arrays.fill(targets, 1);
        LinuxSyscalls.movePages(0, pages, targets, new int[PAGES], MemoryPolicy.MF_MOVE, "move_pages to node 1");
        System.out.println("moved_nodes=" + nodesOf(local));

        LinuxSyscalls.setMempolicy(MemoryPolicy.Mode.BIND.mpol(), new long[] {0b10L}, "bind to node 1");
        Memory bound = touched();
        System.out.println("bind1_nodes=" + nodesOf(bound));
        LinuxSyscalls.setMempolicy(MemoryPolicy.Mode.DEFAULT.mpol(), new long[0], "default policy");
    }

    private static Memory touched() {
        Memory m = new Memory((PAGES + 1L) * PAGE);
        for (long a = 0; a < m.size(); a += PAGE) {
            m.setByte(a, (byte) 1);
        }
        return m;
    }

    private static long[] pageAddresses(Memory m) {
        long first = (Pointer.nativeValue(m) + PAGE - 1) & -PAGE;
        long[] pages = new long[PAGES];
        for (int i = 0; i < PAGES; i++) {
            pages[i] = first + (long) i * PAGE;
        }
        return pages;
    }

    /** The distinct nodes holding the pages, e.g. "0" or "0,1". */
    private static String nodesOf(Memory m) {
        int[] status = new int[PAGES];
        LinuxSyscalls.movePages(0, pageAddresses(m), null, status, 0, "query page nodes");
        // m must stay reachable until the query returns: its cleaner would free the pages, which then read as -2.
        Reference.reachabilityFence(m);
        return Arrays.stream(status).distinct().sorted().mapToObj(Integer::toString).collect(Collectors.joining(","));
    }
}
