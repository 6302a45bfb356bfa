package com.numa.opt;

import com.numa.core.provenance.JvmIdentity;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The host's node leases: several JVMs under -XX:+NUMAOpts on one host (Spark executors, a service and its sidecar)
 * each confining themselves to "their" node would pile onto the same one, since each decides alone from the same
 * start (main's node, or the load before any of them ran). Each JVM that confines itself to a node writes a lease
 * line in one host-wide file, under an exclusive file lock; the next one to confine reads the leases of live JVMs and
 * takes a node nobody holds, or, when every node is held, the least held one and says so. A lease ends when its JVM
 * leaves single-node placement, exits, or dies (a line whose pid is gone, or reused by a later process, is ignored and
 * dropped).
 *
 * <p>Lines: {@code pid start_epoch_ms cpus label}: the CPU list, not a node index, so JVMs with different topologies
 * (-XX:NUMATopology) still compare (a node is held when a live lease overlaps its CPUs).
 */
final class NodeLeases {
    /** What the one-JVM case and tests without a host file use: every choice stands. */
    static final NodeLeases NONE = new NodeLeases(null, null);

    /** Tries of a release cut short by an interrupt: the exit's hook interrupts once. */
    private static final int RELEASE_ATTEMPTS = 3;

    private final Path file;
    /** This JVM; null until first needed (the agent makes the leases in premain, where nothing is read yet). */
    private JvmIdentity self;
    private CpuSet held;

    NodeLeases(Path file, JvmIdentity self) {
        this.file = file;
        this.self = self;
    }

    /** The lease file the flag names: auto = $XDG_RUNTIME_DIR/numa-jvm/node-leases, else /tmp/numa-jvm-$USER/…. */
    static NodeLeases forFlag(String value) {
        String v = value.trim();
        if (v.equals("off") || v.isEmpty()) {
            return NONE;
        }
        return new NodeLeases(v.equals("auto") ? defaultFile() : Path.of(v), null);
    }

    static Path defaultFile() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))) {
            return Path.of(runtime, "numa-jvm", "node-leases");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "numa-jvm-" + System.getProperty("user.name"), "node-leases");
    }

    /** The host file, or null without one. */
    Path file() {
        return file;
    }

    /**
     * One lease of another JVM.
     *
     * @param pid   its process id
     * @param cpus  the CPUs it confined itself to
     * @param label its -XX:NUMALabel, or ""
     */
    record Lease(long pid, long startEpochMs, CpuSet cpus, String label) {
        String line() {
            return pid + " " + startEpochMs + " " + cpus.toList() + " " + label.replace(' ', '_');
        }

        static Optional<Lease> parse(String line) {
            String[] f = line.strip().split(" ", 4);
            try {
                return f.length < 3 ? Optional.empty() : Optional.of(new Lease(Long.parseLong(f[0]),
                        Long.parseLong(f[1]), CpuSet.parseList(f[2]), f.length > 3 ? f[3] : ""));
            } catch (RuntimeException e) {
                return Optional.empty(); // a damaged line holds no node
            }
        }

        /** Whether the process is alive and is the one that wrote the lease (not a later one with its pid). */
        boolean alive() {
            Optional<ProcessHandle> p = ProcessHandle.of(pid);
            if (p.isEmpty() || !p.get().isAlive()) {
                return false;
            }
            Optional<Instant> start = p.get().info().startInstant();
            // /proc's start time has clock-tick resolution: allow a second
            return start.isEmpty() || Math.abs(start.get().toEpochMilli() - startEpochMs) < 1000;
        }

        String who() {
            return label.isEmpty() ? "pid " + pid : label + " (pid " + pid + ")";
        }
    }

    /**
     * The outcome of a claim.
     *
     * @param node    the node index to confine to
     * @param holders the other JVMs on the preferred node, when they moved this one elsewhere or share the node
     * @param shared  every node was held: this JVM shares {@code node} with {@code holders}
     */
    record Claim(int node, List<Lease> holders, boolean shared) {
        /** The log line, or null when the preferred node was free. */
        String note(NumaTopology t, int preferred) {
            if (holders.isEmpty()) {
                return null;
            }
            String who = String.join(", ", holders.stream().map(Lease::who).toList());
            return shared ? "every node is held by another JVM on this host; sharing node " + t.node(node).id() + " with "
                    + who : "node " + t.node(preferred).id() + " is held by another JVM on this host (" + who
                            + "); confining to node " + t.node(node).id() + " instead";
        }
    }

    /**
     * Takes a node for this JVM: the one it holds already, else {@code preferred} when no other live JVM holds it,
     * else the node held by the fewest (on a tie {@code preferred}, then the lowest index). Without a host file,
     * {@code preferred}.
     */
    synchronized Claim claim(NumaTopology topology, int preferred) {
        if (file == null) {
            return new Claim(preferred, List.of(), false);
        }
        for (int i = 0; held != null && i < topology.nodeCount(); i++) {
            if (held.equals(topology.node(i).cpus())) {
                return new Claim(i, List.of(), false); // a lease is kept while confined: no file access per interval
            }
        }
        return update(topology, preferred);
    }

    /** Gives the lease back (this JVM left single-node placement, or exits). */
    synchronized void release() {
        if (file == null || held == null) {
            return;
        }
        held = null;
        // At exit the hook sets running = false and then interrupts the Awareness Thread, which may by then be here:
        // an interrupt closes the channel (or cuts the lock's wait short) and the line would stay. The hook interrupts
        // once, so the update is tried again with the interrupt cleared, and the interrupt is restored after.
        boolean interrupted = false;
        try {
            for (int attempt = 1; ; attempt++) {
                interrupted |= Thread.interrupted();
                try {
                    update(null, -1);
                    return;
                } catch (UncheckedIOException e) {
                    if (!Thread.interrupted() || attempt == RELEASE_ATTEMPTS) {
                        throw e;
                    }
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Under the lock: drops dead and own leases, adds this JVM's for {@code preferred}'s choice when a topology is given. */
    private Claim update(NumaTopology topology, int preferred) {
        if (self == null) {
            self = JvmIdentity.current();
        }
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
                ByteBuffer buf = ByteBuffer.allocate((int) Math.min(ch.size(), 1 << 20));
                while (buf.hasRemaining() && ch.read(buf) > 0) {
                    // read the whole file
                }
                List<Lease> others = new ArrayList<>();
                for (String line : new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).split("\n")) {
                    Lease.parse(line).filter(l -> l.pid() != self.pid() && l.alive()).ifPresent(others::add);
                }
                Claim claim = null;
                List<Lease> kept = new ArrayList<>(others);
                if (topology != null) {
                    claim = choose(topology, preferred, others);
                    held = topology.node(claim.node()).cpus();
                    kept.add(new Lease(self.pid(), self.startEpochMs(), held, self.label()));
                }
                StringBuilder text = new StringBuilder();
                for (Lease l : kept) {
                    text.append(l.line()).append('\n');
                }
                // written, then cut to length: an update cut short never leaves the file without the others' leases
                ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    ch.write(bytes, bytes.position());
                }
                ch.truncate(bytes.limit());
                ch.force(false);
                return claim;
            }
        } catch (IOException e) {
            // an interrupted lock's exception has no message: its name says what happened
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new UncheckedIOException("node lease file " + file + ": " + why, e);
        }
    }

    /** Pure: the node for this JVM given the other JVMs' leases. */
    static Claim choose(NumaTopology topology, int preferred, List<Lease> others) {
        int n = topology.nodeCount();
        List<List<Lease>> holders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Lease> on = new ArrayList<>();
            for (Lease l : others) {
                if (!l.cpus().intersect(topology.node(i).cpus()).isEmpty()) {
                    on.add(l);
                }
            }
            holders.add(on);
        }
        if (holders.get(preferred).isEmpty()) {
            return new Claim(preferred, List.of(), false);
        }
        int best = preferred;
        for (int i = 0; i < n; i++) {
            if (holders.get(i).size() < holders.get(best).size()) {
                best = i;
            }
        }
        boolean shared = !holders.get(best).isEmpty();
        return new Claim(best, List.copyOf(holders.get(shared ? best : preferred)), shared);
    }
}
