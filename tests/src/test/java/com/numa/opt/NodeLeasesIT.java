package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.provenance.JvmIdentity;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host's node leases: a node another live process holds is not taken while one is free; when every node is held,
 * the least held is shared and the note says so; dead and reused pids hold nothing; a release gives the node back.
 */
class NodeLeasesIT {
    private static final NumaTopology TWO = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0), 1L << 30, 0),
            new NumaNode(1, CpuSet.of(1), 1L << 30, 0)), new int[][] {{10, 20}, {20, 10}}, true);

    private static NodeLeases.Lease lease(long pid, int... cpus) {
        return new NodeLeases.Lease(pid, 0, CpuSet.of(cpus), "");
    }

    @Test
    void choosesAFreeNodeThenTheLeastHeld() {
        assertEquals(1, NodeLeases.choose(TWO, 1, List.of()).node());
        NodeLeases.Claim moved = NodeLeases.choose(TWO, 1, List.of(lease(7, 1)));
        assertEquals(0, moved.node());
        assertFalse(moved.shared());
        assertEquals("node 1 is held by another JVM on this host (pid 7); confining to node 0 instead",
                moved.note(TWO, 1));
        NodeLeases.Claim shared = NodeLeases.choose(TWO, 1, List.of(lease(7, 1), lease(8, 0), lease(9, 1)));
        assertEquals(0, shared.node(), "node 0 has one holder, node 1 two");
        assertTrue(shared.shared());
        assertTrue(shared.note(TWO, 1).startsWith("every node is held by another JVM on this host; sharing node 0 with pid 8"),
                shared.note(TWO, 1));
        NodeLeases.Claim overlapping = NodeLeases.choose(TWO, 0, List.of(lease(7, 0, 1)));
        assertTrue(overlapping.shared(), "a lease over both nodes' CPUs (another topology) holds both");
        assertNull(NodeLeases.choose(TWO, 0, List.of()).note(TWO, 0), "nothing to say on a free node");
    }

    @Test
    void leaseOfALiveProcessMovesThisJvmAndDeadOnesAreDropped(@TempDir Path tmp) throws Exception {
        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            long otherStart = other.info().startInstant().orElseThrow().toEpochMilli();
            Path file = tmp.resolve("leases/node-leases");
            Files.createDirectories(file.getParent());
            Files.writeString(file, other.pid() + " " + otherStart + " 1 executor-1\n"
                    + "999999999 " + otherStart + " 0 gone\n" // no such pid: holds nothing
                    + ProcessHandle.current().pid() + " 1 0 reused\n" // this pid, another start: not a live lease
                    + "garbage\n");
            NodeLeases leases = new NodeLeases(file, JvmIdentity.current());
            NodeLeases.Claim c = leases.claim(TWO, 1);
            assertEquals(0, c.node(), "node 1 is the live process's");
            assertEquals("node 1 is held by another JVM on this host (executor-1 (pid " + other.pid()
                    + ")); confining to node 0 instead", c.note(TWO, 1));
            List<String> lines = Files.readAllLines(file);
            assertEquals(List.of(other.pid() + " " + otherStart + " 1 executor-1",
                    ProcessHandle.current().pid() + " " + JvmIdentity.current().startEpochMs() + " 0 "
                            + JvmIdentity.current().label()).stream().map(String::strip).toList(),
                    lines.stream().map(String::strip).toList(), "dead, reused and damaged lines dropped, ours added");
            assertEquals(0, leases.claim(TWO, 1).node(), "kept while confined");
            leases.release();
            assertEquals(List.of(other.pid() + " " + otherStart + " 1 executor-1"), Files.readAllLines(file));
            other.destroy();
            assertTrue(other.waitFor(10, TimeUnit.SECONDS));
            NodeLeases.Claim after = leases.claim(TWO, 1);
            assertEquals(1, after.node(), "the other process ended: its node is free");
            assertNull(after.note(TWO, 1));
        } finally {
            other.destroyForcibly();
        }
    }

    /**
     * At exit the hook interrupts the Awareness Thread while it may be giving its lease back: the lease still goes.
     * Another process holds the file's lock, so the release waits in the lock when the interrupt comes.
     */
    @Test
    void aReleaseInterruptedByTheExitStillGivesTheLeaseBack(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("node-leases");
        NodeLeases leases = new NodeLeases(file, JvmIdentity.current());
        assertEquals(1, leases.claim(TWO, 1).node());
        assertEquals(1, Files.readAllLines(file).size());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classes = Path.of(LockHolder.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Process holder = new ProcessBuilder(java, "-cp", classes, LockHolder.class.getName(), file.toString()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine(), "the other process holds the lock");
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicBoolean interruptKept = new AtomicBoolean();
            Thread releasing = new Thread(() -> {
                try {
                    leases.release();
                    interruptKept.set(Thread.currentThread().isInterrupted());
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            releasing.start();
            Thread.sleep(300);
            releasing.interrupt(); // what the exit's hook does
            Thread.sleep(100);
            holder.getOutputStream().close(); // the holder lets go
            releasing.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(releasing.isAlive());
            assertNull(failure.get(), () -> "the release failed: " + failure.get());
            assertTrue(interruptKept.get(), "the interrupt is the caller's again after the release");
            assertEquals(List.of(), Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList(),
                    "the lease is gone");
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
        } finally {
            holder.destroyForcibly();
        }
    }

    /** Holds the lock of the file it is given until its stdin closes. */
    public static final class LockHolder {
        public static void main(String[] args) throws Exception {
            try (FileChannel ch = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
                System.out.println("locked");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // until the parent closes stdin
                }
            }
        }
    }

    @Test
    void offAndDefaultFiles() {
        assertNull(NodeLeases.forFlag("off").file());
        assertEquals(Path.of("/x/leases"), NodeLeases.forFlag("/x/leases").file());
        assertTrue(NodeLeases.forFlag("auto").file().endsWith(Path.of("numa-jvm", "node-leases"))
                || NodeLeases.forFlag("auto").file().getFileName().toString().equals("node-leases"));
        assertEquals(1, NodeLeases.NONE.claim(TWO, 1).node());
    }
}
