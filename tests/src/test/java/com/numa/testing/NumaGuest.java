package com.numa.testing;

import com.numa.core.child.ChildJvm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real two-node NUMA machine for tests: a Linux guest under QEMU (node 0 = CPU 0 + 1 GiB, node 1 = CPU 1 + 1 GiB,
 * distance 21) that sees the host's / read-only, so the host's JDK, the build output and the local Maven repository
 * are at their usual paths inside. Backed by {@code tools/numa-guest/run}; one boot costs about 8 s of wall time
 * (software emulation), so tests should do several checks per {@link #run}.
 *
 * <ul>
 * <li>{@link #unavailableReason()}: why the guest cannot run here, if it cannot (checked once per JVM).</li>
 * <li>{@link #assumeAvailable()}: a JUnit assumption on that; with {@code NUMA_GUEST_REQUIRED=true} in the
 * environment (CI) it fails the test instead of skipping it. Call it from {@code @BeforeEach} (or the test): surefire
 * reports a skip from {@code @BeforeAll} without its reason.</li>
 * <li>{@link #run(Duration, String...)} / {@link #run(Duration, List, List)}: run a command in the guest from the
 * current working directory; returns its {@link Result}; timeouts and guest failures throw
 * {@link NumaGuestException}.</li>
 * <li>{@link #javaExecutable()}: the {@code java} of the JDK running the tests, to run the same JDK in the guest.</li>
 * </ul>
 * Inside the guest {@code /tmp} is a fresh tmpfs and {@code HOME=/tmp}; host directories passed as writable are
 * mounted read-write at the same path.
 */
public final class NumaGuest {

    /** What the guest command did: its exit code and its stdout and stderr, interleaved as written. */
    public record Result(int exitCode, String output) {
    }

    /** Set to {@code true} where the guest must run (CI): an unavailable guest then fails tests instead of skipping. */
    public static final String REQUIRED_ENV = "NUMA_GUEST_REQUIRED";

    /** Beyond the guest's own timeout: time for a first run to fetch the kernel and build the initramfs. */
    private static final Duration PREPARE_ALLOWANCE = Duration.ofMinutes(3);

    private static Optional<String> unavailable;

    private NumaGuest() {
    }

    /** Empty if the guest can run on this machine, else the reason (e.g. "qemu-system-x86_64 not found: ..."). */
    public static synchronized Optional<String> unavailableReason() {
        if (unavailable == null) {
            unavailable = checkAvailability();
        }
        return unavailable;
    }

    /** Skips the calling test when the guest cannot run, naming the reason; fails it instead when it is required. */
    public static void assumeAvailable() {
        Optional<String> reason = unavailableReason();
        if (reason.isEmpty()) {
            return;
        }
        String message = "NUMA guest unavailable: " + reason.get();
        if (Boolean.parseBoolean(System.getenv(REQUIRED_ENV))) {
            Assertions.fail(message + " (" + REQUIRED_ENV + "=true, so this is an error)");
        }
        Assumptions.abort(message);
    }

    /** The java launcher of the JDK running this JVM; the guest sees the host's files, so it runs there too. */
    public static String javaExecutable() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * {@link #javaExecutable()} with the options every guest JVM needs: native access for JNA on JDK 22+, and a
     * full-size stack for the JDK's process reaper thread (JNA starts a process on first use; under the emulated CPU,
     * JDK 25 once overflowed the reaper's small default stack while linking a method handle there).
     */
    public static List<String> javaCommand() {
        List<String> cmd = new ArrayList<>(ChildJvm.current().options("-Djdk.lang.processReaperUseDefaultStackSize=true").command());
        return cmd;
    }

    /** Runs {@code command} in the guest, nothing writable but the guest's own /tmp. */
    public static Result run(Duration timeout, String... command) {
        return run(timeout, List.of(), List.of(command));
    }

    /**
     * Runs {@code command} in the guest with the given host directories writable inside.
     *
     * @throws NumaGuestException if the guest timed out, could not boot or set up, or the runner is missing
     */
    public static Result run(Duration timeout, List<Path> writableDirs, List<String> command) {
        return run(timeout, 1, writableDirs, command);
    }

    /**
     * As {@link #run(Duration, List, List)} on a guest with {@code cpusPerNode} vCPUs per node (node 0 = CPUs
     * 0..n-1, node 1 = n..2n-1): with 2, Dual Node (Single Node's CPUs split over both nodes) can be formed. More vCPUs
     * than host cores are time-shared by QEMU, so everything inside runs slower.
     */
    public static Result run(Duration timeout, int cpusPerNode, List<Path> writableDirs, List<String> command) {
        return run(timeout, cpusPerNode, Emulation.SERIAL, writableDirs, command);
    }

    /**
     * How QEMU's software emulation runs the guest's vCPUs (ignored when {@code NUMA_GUEST_ACCEL} names an
     * accelerator: that setting wins).
     */
    public enum Emulation {
        /**
         * One host thread per vCPU (multi-threaded TCG, the runner's default): guest threads really run at the same
         * time, but a vCPU can translate code another vCPU is patching, and HotSpot patches live JIT-compiled code (a
         * method's entry, when it is replaced or deoptimized). Its protocol relies on x86 fetching an aligned instruction
         * atomically; the emulator's translator does not, so a JVM in the guest occasionally runs an instruction
         * that was never in memory. Seen (QEMU 7.2): SIGSEGV with a data address at a method entry that holds a jmp,
         * SIGILL four bytes into such an entry (5 of 103 JVMs of tools/numa-guest/jit-patch-check, 0 of 100
         * serial), and, most likely from the same cause, a garbage object size read in the research heap's copier
         * (no race was found in its Java code).
         */
        PARALLEL,
        /**
         * All vCPUs on one host thread, in turns (single-threaded TCG): the kernel still sees the same CPUs and
         * nodes, guest threads interleave instead of overlapping, and no code is translated while another vCPU
         * patches it. The default of the overloads that do not name an emulation: every guest test runs a JVM, and
         * a torn instruction can also hang one (CI: characterize's Dual Node child went silent for 7 minutes under
         * PARALLEL), and on a 2-core host the serial guest is the faster one anyway.
         */
        SERIAL
    }

    /** As {@link #run(Duration, int, List, List)}, with the vCPUs run as {@code emulation} says. */
    public static Result run(Duration timeout, int cpusPerNode, Emulation emulation, List<Path> writableDirs,
            List<String> command) {
        Result r = runOnce(timeout, cpusPerNode, emulation, writableDirs, command);
        for (int attempt = 2; attempt <= JVM_CRASH_ATTEMPTS && r.output().contains(JVM_FATAL_ERROR); attempt++) {
            System.err.println("numa guest: the JVM in the guest crashed (emulator, see JVM_CRASH_ATTEMPTS); attempt "
                    + attempt + " of " + JVM_CRASH_ATTEMPTS + ". First lines: "
                    + r.output().lines().filter(l -> l.startsWith("#  ")).limit(3).toList());
            r = runOnce(timeout, cpusPerNode, emulation, writableDirs, command);
        }
        return r;
    }

    /** The runner's accelerator setting (tools/numa-guest/run: default tcg,thread=multi). */
    private static final String ACCEL_ENV = "NUMA_GUEST_ACCEL";

    /** HotSpot's banner when it dies of a signal (an hs_err report follows). */
    private static final String JVM_FATAL_ERROR = "A fatal error has been detected by the Java Runtime Environment";

    /**
     * Runs of a guest command whose JVM died of a signal. Under QEMU's multi-threaded TCG a JVM in the guest
     * occasionally dies in its own JIT-compiled code (CI: SIGILL three bytes into a C1 method's entry, where HotSpot
     * patches a jump while other vCPUs run the code; SIGSEGV seen under load before), in programs that make no
     * unusual system call; the same command then runs clean. A crash in every attempt still fails the test.
     */
    private static final int JVM_CRASH_ATTEMPTS = 2;

    /** The runner's accelerator setting for {@code emulation}, unless the environment chose one. */
    static Optional<String> accel(Emulation emulation, String fromEnvironment) {
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return Optional.empty();
        }
        return emulation == Emulation.SERIAL ? Optional.of("tcg,thread=single") : Optional.empty();
    }

    private static Result runOnce(Duration timeout, int cpusPerNode, Emulation emulation, List<Path> writableDirs,
            List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command given to run in the NUMA guest");
        }
        long seconds = Math.max(1, (timeout.toMillis() + 999) / 1000);
        Path runner = runner().orElseThrow(() -> new NumaGuestException(runnerMissing(), false));
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("numa-guest-call");
            Path status = scratch.resolve("status");
            Path stdout = scratch.resolve("stdout");
            Path stderr = scratch.resolve("stderr");
            List<String> argv = new ArrayList<>(List.of(runner.toString(), "--timeout", Long.toString(seconds),
                    "--status-file", status.toString(), "--cpus-per-node", Integer.toString(cpusPerNode)));
            for (Path dir : withCheckoutShare(writableDirs)) {
                argv.add("--writable");
                argv.add(dir.toString());
            }
            argv.add("--");
            argv.addAll(command);
            ProcessBuilder builder = new ProcessBuilder(argv);
            accel(emulation, System.getenv(ACCEL_ENV)).ifPresent(a -> builder.environment().put(ACCEL_ENV, a));
            Process process = builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            Duration limit = Duration.ofSeconds(seconds).plus(PREPARE_ALLOWANCE);
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                // The runner's own timeout should have fired long before: something hangs outside QEMU.
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new NumaGuestException("the guest runner did not return within " + limit.toSeconds() + " s: "
                        + String.join(" ", argv), true);
            }
            String output = Files.readString(stdout, StandardCharsets.UTF_8);
            String diagnostics = Files.readString(stderr, StandardCharsets.UTF_8).strip();
            return interpret(Files.exists(status) ? Files.readString(status).strip() : "", process.exitValue(),
                    output, diagnostics);
        } catch (IOException e) {
            throw new NumaGuestException("cannot run the NUMA guest: " + e.getMessage(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NumaGuestException("interrupted while the NUMA guest ran", false);
        } finally {
            deleteQuietly(scratch);
        }
    }

    /** Directories the guest mounts over the host's (tools/numa-guest/init): host paths below them are invisible. */
    private static final List<Path> GUEST_REPLACED = List.of(Path.of("/tmp"), Path.of("/run"), Path.of("/proc"),
            Path.of("/sys"), Path.of("/dev"));

    /**
     * The writable directories plus, when the checkout (the numa.home property, else the working directory) lies under
     * a directory the guest replaces, the checkout itself: a clone under /tmp (as CI may make) must still show its
     * classes and the working directory inside the guest.
     */
    static List<Path> withCheckoutShare(List<Path> writableDirs) {
        List<Path> dirs = new ArrayList<>();
        for (Path d : writableDirs) {
            dirs.add(d.toAbsolutePath().normalize());
        }
        String home = System.getProperty("numa.home");
        Path checkout = (home == null ? Path.of("") : Path.of(home)).toAbsolutePath().normalize();
        boolean hidden = GUEST_REPLACED.stream().anyMatch(checkout::startsWith);
        boolean covered = dirs.stream().anyMatch(checkout::startsWith);
        if (hidden && !covered) {
            dirs.removeIf(d -> d.startsWith(checkout));
            dirs.add(checkout);
        }
        return dirs;
    }

    /** Maps the runner's status line ("exit N", "timeout S", "error REASON") onto a result or an exception. */
    static Result interpret(String status, int runnerExit, String output, String diagnostics) {
        if (status.startsWith("exit ")) {
            return new Result(Integer.parseInt(status.substring(5).strip()), output);
        }
        if (status.startsWith("timeout ")) {
            throw new NumaGuestException("the NUMA guest timed out after " + status.substring(8) + " s and was killed"
                    + detail(output, diagnostics), true);
        }
        String reason = status.startsWith("error ") ? status.substring(6) : "the guest runner exited with " + runnerExit;
        throw new NumaGuestException("the NUMA guest failed: " + reason + detail(output, diagnostics), false);
    }

    private static String detail(String output, String diagnostics) {
        StringBuilder b = new StringBuilder();
        if (!diagnostics.isEmpty()) {
            b.append("\n--- runner diagnostics\n").append(diagnostics);
        }
        if (!output.isEmpty()) {
            b.append("\n--- command output so far\n").append(output.strip());
        }
        return b.toString();
    }

    private static Optional<String> checkAvailability() {
        if (!System.getProperty("os.name", "").equals("Linux")) {
            return Optional.of("the guest runner needs a Linux host (this is " + System.getProperty("os.name") + ")");
        }
        Optional<Path> runner = runner();
        if (runner.isEmpty()) {
            return Optional.of(runnerMissing());
        }
        try {
            Process p = new ProcessBuilder(runner.get().toString(), "--check").redirectErrorStream(true).start();
            String said;
            try (var in = p.getInputStream()) {
                said = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of(runner.get() + " --check did not answer within 60 s");
            }
            return p.exitValue() == 0 ? Optional.empty()
                    : Optional.of(said.isEmpty() ? runner.get() + " --check exited with " + p.exitValue() : said);
        } catch (IOException e) {
            return Optional.of("cannot start " + runner.get() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking the guest");
        }
    }

    /** tools/numa-guest/run under the project root: the numa.home property (surefire), else the nearest ancestor. */
    private static Optional<Path> runner() {
        String home = System.getProperty("numa.home");
        List<Path> roots = new ArrayList<>();
        if (home != null) {
            roots.add(Paths.get(home));
        }
        for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
            roots.add(p);
        }
        return roots.stream().map(r -> r.resolve("tools/numa-guest/run").normalize()).filter(Files::isExecutable)
                .findFirst();
    }

    private static String runnerMissing() {
        return "tools/numa-guest/run not found (looked under the numa.home system property and the ancestors of "
                + Paths.get("").toAbsolutePath() + "); run the tests from the numa-jvm checkout";
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // A leftover scratch directory in /tmp is harmless.
        }
    }
}
