package com.numa.gc;

import com.numa.core.io.ChartRendering;
import com.numa.core.io.OutputPaths;
import com.numa.core.log.NumaLog;
import com.numa.perfutil.topology.MachineTopology;
import com.numa.gc.heap.Collector;
import com.numa.gc.heap.Collectors;
import com.numa.gc.heap.HeapExhaustedException;
import com.numa.gc.heap.ThreadPinning;
import com.numa.gc.replay.ReplayException;
import com.numa.gc.replay.ReplayResult;
import com.numa.gc.replay.Replayer;
import com.numa.gc.report.ReplayReport;
import com.numa.gc.synth.JbbTraceGenerator;
import com.numa.core.trace.TraceFormatException;
import com.numa.core.trace.TraceReader;
import com.numa.core.topology.NumaTopology;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code numa gc-replay}: replays an allocation/access trace (recorded, or the synthetic SPECjbb-like one) against
 * the research heap under each policy, and reports how many accesses were remote. The entry point of
 * {@code com.numa.gc}; see com.numa.gc/README.md. Exit codes: 0 done, 1 the run failed (heap too small for the
 * live set, an inconsistent trace, an I/O error), 2 usage error (bad option, unknown policy, unreadable trace).
 */
@Command(name = "gc-replay", mixinStandardHelpOptions = true,
        description = "Replay an allocation/access trace on the NUMA research heap under several placement policies "
                + "and compare their remote accesses, pauses and copy throughput (writes replay.csv and replay.html).")
public final class GcReplayCommand implements Callable<Integer> {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    private static final long PROGRESS_AFTER_NS = 2_000_000_000L;

    static final class Input {
        @Option(names = "--trace", paramLabel = "FILE", description = "A trace in the numa-jvm GC trace format.")
        Path trace;

        @Option(names = "--synthetic", paramLabel = "NAME", description = "A generated trace; one of: jbb.")
        String synthetic;
    }

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    @Option(names = "--policy", split = ",", paramLabel = "POLICY",
            description = "Policies to compare (default: all): baseline, numa-tospace, numa-eden, numa-eden-migrate, "
                    + "parallel-numa, g1-numa.")
    List<String> policies = new ArrayList<>(Collectors.names());

    @Option(names = "--topology", defaultValue = "auto", paramLabel = "SPEC",
            description = "NUMA topology: auto, a pseudo-node count (e.g. 2) or CPU lists per pseudo-node (0/1). "
                    + "Default: ${DEFAULT-VALUE}.")
    String topology;

    @Option(names = "--threads", defaultValue = "4", paramLabel = "N",
            description = "Warehouse (mutator) threads of the synthetic trace. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--transactions", defaultValue = "25000", paramLabel = "N",
            description = "Transactions per warehouse thread of the synthetic trace. Default: ${DEFAULT-VALUE}.")
    int transactions;

    @Option(names = "--heap", defaultValue = "16m", paramLabel = "SIZE",
            description = "Heap size, both semispaces (e.g. 64m, 1g). Default: ${DEFAULT-VALUE}.")
    String heap;

    @Option(names = "--gc-threads", defaultValue = "1", paramLabel = "N",
            description = "GC threads per node. Default: ${DEFAULT-VALUE}.")
    int gcThreads;

    @Option(names = "--placement", defaultValue = "as-traced", paramLabel = "HOW",
            description = "Node of each trace thread: as-traced (its recorded node, else round-robin) or round-robin. "
                    + "Default: ${DEFAULT-VALUE}.")
    String placement;

    @Option(names = "--lenient", description = "For traces recorded from real runs (-XX:NUMAProfilerTrace): skip events "
            + "naming objects the replay has already collected (in the real run a local variable, which a trace does "
            + "not record, kept them alive) and clip objects larger than a heap region; both are counted in the notes.")
    boolean lenient;

    @Option(names = "--out", defaultValue = "gc-replay", paramLabel = "DIR",
            description = "Directory for replay.csv and replay.html. Default: ${DEFAULT-VALUE}.")
    Path out;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command with the one-line error handler: a bad option is one line on stderr and exit 2. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new GcReplayCommand());
        cl.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println(NumaLog.PREFIX + "gc-replay: " + e.getMessage() + " (see gc-replay --help)");
            return USAGE;
        });
        return cl;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outWriter = spec.commandLine().getOut();
        List<Collector> collectors = new ArrayList<>();
        NumaTopology topo;
        long heapBytes;
        Replayer.ThreadPlacement how;
        try {
            for (String p : policies) {
                collectors.add(Collectors.byName(p));
            }
            topo = MachineTopology.fromSpec(topology);
            heapBytes = parseSize(heap);
            how = Replayer.ThreadPlacement.valueOf(placement.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
            OutputPaths.optionProblem("--out", out.toAbsolutePath(), true).ifPresent(why -> {
                throw new IllegalArgumentException(why);
            });
            if (threads < 1 || transactions < 0 || gcThreads < 1) {
                throw new IllegalArgumentException("--threads and --gc-threads must be at least 1, --transactions "
                        + "at least 0");
            }
        } catch (IllegalArgumentException e) {
            String msg = e.getMessage();
            if (msg != null && msg.startsWith("No enum constant")) {
                msg = "unknown --placement '" + placement + "'; use as-traced or round-robin";
            }
            err.println(NumaLog.PREFIX + "gc-replay: " + msg);
            return USAGE;
        }
        Replayer.TraceSource source;
        String traceName;
        try {
            if (input.synthetic != null) {
                if (!input.synthetic.strip().equalsIgnoreCase("jbb")) {
                    err.println(NumaLog.PREFIX + "gc-replay: unknown synthetic trace '" + input.synthetic + "'; available: jbb");
                    return USAGE;
                }
                byte[] bytes = JbbTraceGenerator.generate(new JbbTraceGenerator.Config(threads, 200, 1000,
                        transactions, 42));
                traceName = "synthetic jbb (" + threads + " warehouse threads, " + transactions + " transactions each)";
                source = () -> new TraceReader(new ByteArrayInputStream(bytes), "synthetic jbb trace");
            } else {
                Path file = input.trace;
                validate(file);
                traceName = file.toString();
                source = () -> TraceReader.open(file);
            }
        } catch (NoSuchFileException e) {
            err.println(NumaLog.PREFIX + "gc-replay: no trace file " + e.getFile());
            return USAGE;
        } catch (TraceFormatException e) {
            err.println(NumaLog.PREFIX + "gc-replay: bad trace: " + e.getMessage());
            return USAGE;
        } catch (IOException e) {
            err.println(NumaLog.PREFIX + "gc-replay: cannot read the trace: " + e);
            return USAGE;
        }

        long started = System.nanoTime();
        long[] lastProgress = {started};
        Replayer replayer = new Replayer(topo, heapBytes, gcThreads, ThreadPinning.affinity(topo), how, lenient,
                (policy, events, collections) -> {
                    long now = System.nanoTime();
                    if (now - started > PROGRESS_AFTER_NS && now - lastProgress[0] > PROGRESS_AFTER_NS) {
                        lastProgress[0] = now;
                        err.printf(Locale.ROOT, NumaLog.PREFIX + "gc-replay: %s: %,d events, %d collections%n", policy, events,
                                collections);
                        err.flush();
                    }
                });
        List<ReplayResult> results = new ArrayList<>();
        for (Collector c : collectors) {
            try {
                results.add(replayer.replay(c, source));
            } catch (HeapExhaustedException e) {
                err.println(NumaLog.PREFIX + "gc-replay: " + c.name() + ": " + e.getMessage() + " (--heap " + heap + ")");
                return FAILED;
            } catch (ReplayException | TraceFormatException e) {
                err.println(NumaLog.PREFIX + "gc-replay: " + c.name() + ": " + e.getMessage());
                return FAILED;
            } catch (IOException | RuntimeException e) {
                err.println(NumaLog.PREFIX + "gc-replay: " + c.name() + ": replay failed: " + e);
                return FAILED;
            }
        }
        try {
            ReplayReport report = new ReplayReport(results);
            List<Path> written = report.write(out);
            outWriter.println(NumaLog.PREFIX + "gc-replay: " + traceName + " on " + topo + (topo.emulated() ? " (emulated)" : ""));
            if (topo.nodeCount() < 2) {
                // every access is local on one node: the policies can differ only in pauses and copy rate
                outWriter.println("  one NUMA node: no access can be remote, so no policy can reduce remote accesses; "
                        + "add --topology 2 to replay on two pseudo-nodes");
            }
            for (ReplayResult r : results) {
                outWriter.printf(Locale.ROOT, "  %-18s remote %6.2f%%  vs baseline %9s  collections %3d  pause p99 "
                        + "%7.2f ms  copy %8.1f MB/s%n", r.policy(), r.accesses().remotePct(),
                        report.reductionPct(r, "baseline").map(v -> String.format(Locale.ROOT, "%.1f%%", v))
                                .orElse(topo.nodeCount() < 2 ? "n/a" : "-"),
                        r.heap().collections(), r.pauses().p99Ms(), r.copyMbPerS());
            }
            outWriter.println("  arena: " + results.get(0).binding());
            outWriter.println("  wrote " + written.get(0) + " and " + written.get(1));
            outWriter.flush();
            ChartRendering.failure().ifPresent(f -> err.println(NumaLog.PREFIX + "gc-replay: " + f));
        } catch (IOException | RuntimeException e) {
            err.println(NumaLog.PREFIX + "gc-replay: cannot write the report to " + out + ": " + e);
            return FAILED;
        }
        return OK;
    }

    /** Reads the whole trace once, so a damaged file is a usage error before any replay starts. */
    private static void validate(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString());
        }
        try (TraceReader r = TraceReader.open(file)) {
            while (r.next() != null) {
                // reading is the check
            }
        }
    }

    /** "64m", "1g", "512k" or bytes. */
    static long parseSize(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (!t.isEmpty() && "kmg".indexOf(t.charAt(t.length() - 1)) >= 0) {
            unit = 1L << (10 * ("kmg".indexOf(t.charAt(t.length() - 1)) + 1));
            t = t.substring(0, t.length() - 1);
        }
        try {
            long v = Long.parseLong(t);
            if (v <= 0 || v > Long.MAX_VALUE / unit) {
                throw new NumberFormatException();
            }
            return v * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad --heap '" + s + "': give a positive size like 64m, 1g or 512k");
        }
    }
}
