package com.numa.profiler;

import com.numa.core.feature.FeatureContext;
import com.numa.core.flags.Flag;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import com.numa.core.log.NumaLog;
import com.numa.core.provenance.CompletionMarker;
import com.numa.core.provenance.JvmIdentity;
import com.numa.core.threads.MainClass;
import com.numa.core.topology.NumaTopology;
import com.numa.core.window.MeasurementWindow;
import com.numa.profiler.instrument.ClassFilter;
import com.numa.profiler.instrument.FieldReach;
import com.numa.profiler.instrument.HiddenIntrinsics;
import com.numa.profiler.instrument.LoadedClasses;
import com.numa.profiler.instrument.ModuleReads;
import com.numa.profiler.instrument.ProfilerTransformer;
import com.numa.profiler.instrument.TransformerJit;
import com.numa.profiler.report.DiagnosisFacts;
import com.numa.profiler.report.ProfileCoverage;
import com.numa.profiler.report.ProfileReport;
import com.numa.profiler.report.ReportWriter;
import com.numa.profiler.report.TraceRecorder;
import com.numa.profiler.rt.Hooks;
import com.numa.profiler.sharing.AtomicCalls;
import com.numa.profiler.sharing.SharingDiagnosis;
import com.numa.profiler.tracking.AccessClassifier;
import com.numa.profiler.tracking.AllocationStacks;
import com.numa.profiler.tracking.HeaderWordAccess;
import com.numa.profiler.tracking.HeaderWordClasses;
import com.numa.profiler.tracking.InternalUnsafe;
import com.numa.profiler.tracking.NodeLocator;
import com.numa.profiler.tracking.ObjectSizes;
import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.ProfilerRuntime;
import com.numa.profiler.tracking.ReferenceFields;
import com.numa.profiler.tracking.SideTable;
import com.numa.profiler.tracking.SiteRegistry;
import com.numa.profiler.tracking.ThreadInventory;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/**
 * NUMAProfiler: object-level allocation and access profiling with owner ids and shared read/write classification, after
 * MaxineVM's NUMAProfiler (ISMM'23 §3.1.1), for HotSpot through java.lang.instrument and ASM.
 *
 * <h2>Public surface</h2>
 * <ul>
 * <li>{@link #start(FeatureContext)}: called once by {@link ProfilerFeature} (flags from {@link ProfilerFlags});
 * instruments every class loaded from then on and returns the running profiler.</li>
 * <li>{@link #startProfiling()}, {@link #stopProfiling()}, {@link #dump()}, {@link #isActive()}: the same operations the
 * MBean {@code com.numa:type=NUMAProfiler} offers.</li>
 * <li>{@link ProfileSpan}: the counts of one span of the run, for callers inside the profiled JVM (numa-junit).</li>
 * </ul>
 *
 * <h2>How it works</h2>
 * Every instrumented field/array/static access calls {@code com.numa.profiler.rt.Hooks} (on the boot class path). The
 * object's owner word (owner thread key, allocation site, home node) lives in a field injected into the topmost
 * instrumentable class of its hierarchy (its only added member, reached by offset: {@link HeaderWordAccess}), or,
 * for arrays and classes loaded before the agent, in a weak, bounded identity {@link SideTable}. Accesses are classified private/shared against the owner (last writer or allocator) and
 * predicted remote when the accessor's node (getcpu through the real or emulated topology) differs from the home node.
 * Output is written atomically at exit, at every dump and periodically ({@link DumpThreads}).
 *
 * <h2>Limitations (honest list)</h2>
 * Classes in java.lang, jdk.*, sun.* and com.sun.* are never instrumented; other JDK classes are instrumented when loaded
 * after the agent (their objects may then carry the field), and already loaded ones only when named by
 * -XX:NUMAProfilerRetransform or, under -XX:NUMAProfilerCoverage=program, in java.util.* and java.util.concurrent.**
 * (method bodies only, objects through the side table; docs/profiling-coverage.md). Owner-word updates are racy like
 * Maxine's header updates; clone() copies the word; static storage is keyed by class name.
 */
public final class NumaProfiler {
    /** The profiler the agent started in this JVM (null: none), for {@link ProfileSpan}. */
    private static volatile NumaProfiler running;
    private final FlagValues flags;
    private final NumaTopology topology;
    private final ProfilerRuntime runtime;
    /** Null unless -XX:NUMAProfilerTrace is recorded. */
    private final TraceRecorder trace;
    private final ProfilingWindow window;
    private final ProfilerTransformer transformer;
    private final SiteRegistry registry;
    private final NumaLog log;
    private final ClassFilter filter;
    private final ReportWriter writer;
    private final Path output;
    private final List<String> notes = new ArrayList<>();
    /** Null unless -XX:+NUMAProfilerDiagnose. */
    private SharingDiagnosis diagnosis;
    /** The diagnosis of the last dump (its issues go to stderr at exit). */
    private SharingDiagnosis.Report lastDiagnosis;
    private final long startNanos = System.nanoTime();
    /** What this run sees (set once at start). */
    private ProfileCoverage coverage;
    /** Loaded classes retransformed at start. */
    private int retransformedClasses;

    private NumaProfiler(FlagValues flags, NumaTopology topology, ProfilerRuntime runtime, TraceRecorder trace,
            ProfilingWindow window, ProfilerTransformer transformer, SiteRegistry registry, NumaLog log,
            ClassFilter filter) {
        this.filter = filter;
        this.flags = flags;
        this.topology = topology;
        this.runtime = runtime;
        this.trace = trace;
        this.window = window;
        this.transformer = transformer;
        this.registry = registry;
        this.log = log;
        this.output = Path.of(OutputPaths.expand(flags.get(ProfilerFlags.OUTPUT))).toAbsolutePath();
        this.writer = new ReportWriter(output, flags.get(ProfilerFlags.TOP));
    }

    /**
     * Starts the profiler: puts the hook runtime on the boot class path, installs the transformer, retransforms the
     * classes named by -XX:NUMAProfilerRetransform, registers the MBean and an exit hook that writes the output.
     *
     * @throws IllegalArgumentException for a bad include/exclude pattern (the message says how to write one)
     */
    public static NumaProfiler start(FeatureContext context) {
        FlagValues flags = context.flags();
        Instrumentation inst = context.instrumentation();
        NumaTopology topology = context.topology();
        // First, before anything resolves the hook classes from the system class path. This class must therefore never
        // pass a value where the verifier would have to load com.numa.profiler.rt types to check it.
        String bootProblem = BootstrapRuntime.append(inst);
        NumaLog log = new NumaLog(System.err, "NUMAProfiler");
        HeaderWordClasses headerWords = headerWordClasses(inst, log);
        addCompilerDirectives(inst, flags, log);
        boolean jdk = jdkInstrumented(flags, bootProblem, log);
        ClassFilter filter = new ClassFilter(context.toolPackages(), flags.get(ProfilerFlags.INCLUDE),
                flags.get(ProfilerFlags.EXCLUDE), jdk);
        SiteRegistry registry = new SiteRegistry();
        ObjectSizes sizes = new ObjectSizes(inst);
        TraceRecorder trace = openTrace(flags, log);
        // without a trace file, classes are instrumented as without the flag
        ReferenceFields tracedFields = trace == null ? null : trace.fields();
        boolean diagnose = flags.get(ProfilerFlags.DIAGNOSE);
        boolean program = flags.get(ProfilerFlags.COVERAGE) == ProfilerFlags.Coverage.PROGRAM;
        // The diagnosis needs every field: false sharing is mostly between primitive counters and flags. Program
        // coverage too: threads depend on each other through counters, balances and flags as much as through references.
        boolean allAccesses = diagnose || program || flags.get(ProfilerFlags.ACCESSES) == ProfilerFlags.Accesses.ALL;
        ProfilerRuntime runtime = new ProfilerRuntime(new AccessClassifier(flags.get(ProfilerFlags.OWNER)),
                new SideTable(flags.get(ProfilerFlags.SIDE_TABLE_CAPACITY), flags.get(ProfilerFlags.ARRAY_CHUNK),
                        allAccesses),
                NodeLocator.of(topology, log),
                sizes, log, flags.get(ProfilerFlags.SAMPLING), flags.get(ProfilerFlags.NODE_REFRESH), trace,
                new HeaderWordAccess(headerWords));
        String startAt = flags.get(ProfilerFlags.START_AT).trim();
        ProfilingWindow window = profilingWindow(flags, !startAt.isEmpty());
        runtime.attach(window);
        runtime.useOwnerIds(registry.owners);
        // the diagnosis and program coverage hook the application's calls on JDK atomic boxes: they need every box,
        // instrumented or not
        FieldReach fieldReach = new FieldReach(filter, !diagnose && !program);
        runtime.useFieldReach(fieldReach);
        useSamplingAndSiteDepth(runtime, flags, registry);
        SharingDiagnosis diagnosis = diagnose ? sharingDiagnosis(runtime, flags) : null;
        // JNA must be initialised now: its first use starts a process and waits for a JDK thread, and a hook running
        // on that thread would then wait for JNA's class initialisation (a deadlock seen with JDK instrumentation).
        runtime.warmUp();
        runtime.install();
        ProfilerTransformer transformer = new ProfilerTransformer(filter, registry, allAccesses,
                flags.get(ProfilerFlags.SAMPLING) > 1, startAt, flags.get(ProfilerFlags.STOP_AT).trim(), log, tracedFields,
                headerWords);
        transformer.reportInstrumentedJdkClasses(fieldReach::jdkClassInstrumented);
        transformer.holdHooksWhileRewriting(runtime);
        if (program) {
            transformer.hookAtomicCalls();
        }
        NumaProfiler p = new NumaProfiler(flags, topology, runtime, trace, window, transformer, registry, log, filter);
        p.coverage = new ProfileCoverage(program, allAccesses, program || diagnose, jdk,
                program && jdk ? ProfilerFlags.PROGRAM_JDK_CLASSES : List.of(),
                program ? HiddenIntrinsics.stillHiddenHere() : List.of(),
                HiddenIntrinsics.disablingOptions(Runtime.version().feature()));
        if (diagnosis != null) {
            transformer.diagnose(diagnosis.fieldIds());
            p.diagnosis = diagnosis;
            diagnosis.start();
        }
        p.instrument(inst, jdk, program);
        p.publish();
        return p;
    }

    /**
     * Which classes get the header word: none when its memory cannot be reached. Before anything initialises
     * InternalUnsafe, through which the header word and thread ids are read.
     */
    private static HeaderWordClasses headerWordClasses(Instrumentation inst, NumaLog log) {
        String unsafeProblem = InternalUnsafe.export(inst, BootstrapRuntime.onBootstrapPath());
        if (unsafeProblem != null) {
            log.once("header-word", unsafeProblem + "; objects keep their owner words in the side table");
        }
        return new HeaderWordClasses(unsafeProblem == null);
    }

    /** The transformer's code out of C2 and, in sampled mode's word hooks, C1's calls ({@link TransformerJit}). */
    private static void addCompilerDirectives(Instrumentation inst, FlagValues flags, NumaLog log) {
        boolean wordHooks = flags.get(ProfilerFlags.SAMPLING) > 1 && !flags.get(ProfilerFlags.DIAGNOSE)
                && flags.get(ProfilerFlags.TRACE).trim().isEmpty();
        TransformerJit.addDirectives(inst, flags.get(ProfilerFlags.TRANSFORMER_C1_ONLY), wordHooks)
                .ifPresent(why -> log.once("transformer-jit", why + "; the class transformer is compiled as usual (C2"
                        + " included), and C1 inlines sampled mode's word hooks"));
    }

    /** -XX:NUMAProfilerInstrumentJDK, unless the hook runtime is not on the boot class path (said once). */
    private static boolean jdkInstrumented(FlagValues flags, String bootProblem, NumaLog log) {
        boolean jdk = flags.get(ProfilerFlags.INSTRUMENT_JDK);
        if (bootProblem != null || !BootstrapRuntime.onBootstrapPath()) {
            if (jdk) {
                log.once("boot", (bootProblem != null ? bootProblem : "the hook runtime was already loaded by "
                        + Hooks.class.getClassLoader()) + "; JDK classes will not be instrumented");
            }
            jdk = false;
        }
        return jdk;
    }

    /** -XX:NUMAProfilerTrace's recorder, or null without the flag or when its file cannot be written. */
    private static TraceRecorder openTrace(FlagValues flags, NumaLog log) {
        String traceFile = OutputPaths.expand(flags.get(ProfilerFlags.TRACE).trim());
        return traceFile.isEmpty() ? null : TraceRecorder.open(Path.of(traceFile),
                flags.get(ProfilerFlags.SIDE_TABLE_CAPACITY), new ReferenceFields(), log);
    }

    /** When to profile ({@link ProfilingWindow}); with -XX:+NUMAProfilerIterations, the measured iterations. */
    private static ProfilingWindow profilingWindow(FlagValues flags, boolean startMethod) {
        boolean iterations = flags.get(ProfilerFlags.ITERATIONS);
        ProfilingWindow window = new ProfilingWindow(flags.get(ProfilerFlags.EXPLICIT_GC_THRESHOLD),
                startMethod || iterations, flags.get(ProfilerFlags.START_ON_DEMAND), Hooks::setActive);
        if (iterations) {
            MeasurementWindow.addListener(new MeasurementWindow.Listener() {
                @Override
                public void iterationStarted(boolean warmup) {
                    if (!warmup) {
                        window.set(true);
                    }
                }

                @Override
                public void iterationEnded(boolean warmup) {
                    if (!warmup) {
                        window.set(false);
                    }
                }
            });
        }
        return window;
    }

    /** Sampled mode's deferred array tags and -XX:NUMAProfilerSiteDepth's allocation stacks, when asked for. */
    private static void useSamplingAndSiteDepth(ProfilerRuntime runtime, FlagValues flags, SiteRegistry registry) {
        if (flags.get(ProfilerFlags.SAMPLING) > 1 && flags.get(ProfilerFlags.DEFER_ARRAYS)) {
            runtime.deferArrays(Integer.highestOneBit(Math.max(16, flags.get(ProfilerFlags.SIDE_TABLE_CAPACITY) / 4)));
        }
        if (flags.get(ProfilerFlags.SITE_DEPTH) > 1) {
            runtime.useAllocationStacks(new AllocationStacks(flags.get(ProfilerFlags.SITE_DEPTH), registry));
        }
    }

    /** -XX:+NUMAProfilerDiagnose: the sharing diagnosis, fed by the runtime. */
    private static SharingDiagnosis sharingDiagnosis(ProfilerRuntime runtime, FlagValues flags) {
        ThreadInventory inventory = runtime.inventory();
        SharingDiagnosis diagnosis = new SharingDiagnosis(DiagnosisFacts.offsets(), HeaderWordAccess.FIELD,
                flags.get(ProfilerFlags.DIAGNOSE_OBJECTS), flags.get(ProfilerFlags.DIAGNOSE_THRESHOLDS),
                javaId -> roleOf(inventory, javaId), runtime.sampling());
        runtime.diagnose(diagnosis.tracker());
        return diagnosis;
    }

    /**
     * Installs the transformer and retransforms the loaded classes -XX:NUMAProfilerRetransform names (and, under program
     * coverage, the JDK's).
     */
    private void instrument(Instrumentation inst, boolean jdk, boolean program) {
        if (jdk) {
            transformer.useModuleReads(new ModuleReads(inst, Hooks.class.getModule()));
        }
        inst.addTransformer(transformer, true);
        retransform(inst, flags.get(ProfilerFlags.RETRANSFORM), false);
        if (program && jdk) {
            // the atomic boxes are seen at their call sites: their own bodies would count get() and set() twice
            retransform(inst, ProfilerFlags.PROGRAM_JDK_CLASSES, true);
        }
    }

    /** The MBean, the exit hook and the periodic dump; from then on {@link ProfileSpan} finds this profiler. */
    private void publish() {
        if (flags.get(ProfilerFlags.MBEAN) || flags.get(ProfilerFlags.START_ON_DEMAND)) {
            registerMBean();
        }
        CompletionMarker.clear(summaryFile()); // an earlier run's: this profile is not whole until the exit's dump
        DumpThreads dumps = new DumpThreads(runtime, log);
        dumps.atExit(this::atExit);
        running = this;
        dumps.every(flags.get(ProfilerFlags.DUMP_INTERVAL), this::dump);
    }

    /** The role label of the profiled thread with Java id {@code javaId}, or null when the profiler has not seen it. */
    private static String roleOf(ThreadInventory inventory, long javaId) {
        for (ProfiledThread t : inventory.threads()) {
            if (t.javaId == javaId) {
                return t.role().label();
            }
        }
        return null;
    }

    /** {@code skipBoxes}: leave the atomic boxes of {@link AtomicCalls} as they are (their calls are hooked). */
    private void retransform(Instrumentation inst, List<String> patterns, boolean skipBoxes) {
        if (patterns.isEmpty()) {
            return;
        }
        List<Class<?>> targets = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (inst.isModifiableClass(c) && !c.isArray() && !c.isHidden() && ClassFilter.matchesAny(patterns, c.getName())
                    && !filter.alwaysExcluded(c.getName()) && !(skipBoxes && AtomicCalls.isBox(c.getName()))
                    && transformer.notYetRetransformed(c.getName())) {
                targets.add(c);
            }
        }
        retransformedClasses += targets.size();
        for (Class<?> c : targets) {
            transformer.retransforming(c.getName());
        }
        LoadedClasses.retransform(inst, targets,
                (c, e) -> log.once("retransform:" + c.getName(), "class " + c.getName() + " not retransformed: " + e));
        notes.add("retransformed " + targets.size() + " loaded classes matching " + patterns);
    }

    private void registerMBean() {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(
                    new StandardMBean(new ProfilerControl(this), ProfilerControlMBean.class),
                    new ObjectName("com.numa:type=NUMAProfiler"));
        } catch (Exception | LinkageError e) {
            log.once("mbean", "MBean com.numa:type=NUMAProfiler not registered: " + e);
        }
    }

    public void startProfiling() {
        window.set(true);
    }

    public void stopProfiling() {
        window.set(false);
    }

    public boolean isActive() {
        return window.active();
    }

    /** The output directory (-XX:NUMAProfilerOutput). */
    public Path outputDirectory() {
        return output;
    }

    /** summary.json, written last of the profile's files; its completion marker marks the whole profile. */
    Path summaryFile() {
        return output.resolve("summary.json");
    }

    /** Writes all output files now (atomically) and returns their directory. */
    public synchronized Path dump() {
        write();
        return output;
    }

    /** Writes all output files now (atomically); false when they could not be written (reported once). */
    private boolean write() {
        try {
            ProfileReport r = report();
            Map<String, Object> extra = extra();
            SharingDiagnosis.Report d = null;
            if (diagnosis != null) {
                d = diagnosis.report(DiagnosisFacts.of(r, window.profiledNanos() / 1e6, topology.nodeCount()));
                extra.put("diagnosis", d.summary(10));
            }
            writer.write(r, configuration(), extra);
            if (d != null) {
                d.write(output);
                lastDiagnosis = d;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            log.once("dump", "cannot write the profile to " + output + ": " + e
                    + " (check -XX:NUMAProfilerOutput names a writable directory)");
            return false;
        }
    }

    static NumaProfiler running() {
        return running;
    }

    SharingDiagnosis diagnosis() {
        return diagnosis;
    }

    SiteRegistry registry() {
        return registry;
    }

    int sampling() {
        return runtime.sampling();
    }

    int nodes() {
        return topology.nodeCount();
    }

    ProfileReport report() {
        return new ProfileReport(runtime.inventory().snapshot(), registry);
    }

    private void atExit() {
        window.set(false);
        transformer.finish(); // the report's writers load JDK classes: rewriting them cannot count anything now
        if (!MainClass.loaded()) {
            log.once("not started", "the application did not start (its main class was not loaded); no profile is written");
            return;
        }
        ProfileReport r = report();
        if (trace != null) {
            trace.finish(); // before the profile, so that summary.json says whether the trace was written
        }
        boolean whole;
        synchronized (this) {
            whole = write();
        }
        if (whole) {
            try {
                CompletionMarker.write(summaryFile(), "NUMAProfiler");
            } catch (IOException e) {
                log.once("marker", "cannot mark the profile in " + output + " complete: " + e);
            }
        }
        String startAt = flags.get(ProfilerFlags.START_AT).trim();
        if (!startAt.isEmpty() && !window.startMethodEntered()) {
            // only known now: the class may load late, or the name may be misspelt
            log.once("StartAt", "-XX:NUMAProfilerStartAt=" + startAt + " was never entered, so nothing was profiled"
                    + " (name an instrumented method as pkg.Class.method)");
        }
        if (!flags.get(ProfilerFlags.QUIET)) {
            PrintStream err = System.err;
            err.print(ReportWriter.stderrSummary(r, Math.min(10, flags.get(ProfilerFlags.TOP)), runtime.sampling() > 1,
                    runtime.allocationsSampled()));
            coverage.notSeen().ifPresent(err::println);
            SharingDiagnosis.Report d = lastDiagnosis;
            if (d != null) {
                err.print(d.stderr(Math.min(10, flags.get(ProfilerFlags.TOP))));
            }
            err.println("numa: NUMAProfiler: output in " + output);
            if (trace != null && trace.written()) {
                err.println("numa: NUMAProfiler: trace in " + trace.target());
            }
        }
    }

    private Map<String, Object> configuration() {
        Map<String, Object> c = new LinkedHashMap<>();
        for (Flag<?> f : ProfilerFlags.all()) {
            c.put(f.name(), f.format(flags.get(f)));
        }
        c.put("topology", topology.toString());
        c.put("emulated_topology", topology.emulated());
        c.put("java_version", System.getProperty("java.version"));
        c.put("sampled", runtime.sampling() > 1);
        return c;
    }

    private Map<String, Object> extra() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> inst = new LinkedHashMap<>();
        inst.put("classes_transformed", transformer.transformedCount());
        inst.put("classes_failed", transformer.failedCount());
        inst.put("allocation_sites", registry.siteCount());
        inst.put("jdk_classes_instrumented", BootstrapRuntime.onBootstrapPath() && flags.get(ProfilerFlags.INSTRUMENT_JDK));
        inst.put("loaded_classes_retransformed", retransformedClasses);
        m.put("instrumentation", inst);
        m.put("jvm", JvmIdentity.current().json());
        m.put("coverage", coverage.summary(runtime.sampling()));
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("tracked_objects", runtime.sideTable().size());
        side.put("refused_objects_table_full", runtime.sideTable().refused());
        if (runtime.sampling() > 1 && flags.get(ProfilerFlags.DEFER_ARRAYS)) {
            long[] met = runtime.deferredArrays();
            side.put("deferred_arrays_met_tagged", met[0]);
            side.put("deferred_arrays_met_unknown", met[1]);
            side.put("deferred_tags_dropped", runtime.deferredDropped());
        }
        m.put("side_table", side);
        Map<String, Object> win = new LinkedHashMap<>();
        win.put("explicit_gcs_seen", window.explicitGcs());
        win.put("profiled_ns", window.profiledNanos());
        win.put("run_ns", System.nanoTime() - startNanos);
        m.put("window", win);
        if (trace != null) {
            m.put("trace", trace.summary());
        }
        m.put("problems", new LinkedHashMap<>(log.problemCounts()));
        m.put("internal_failure", runtime.failed());
        m.put("hooks_out_of_stack", runtime.stackOverflows());
        m.put("notes", String.join("; ", notes));
        return m;
    }
}
