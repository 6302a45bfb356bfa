package com.numa.profiler;

import com.numa.core.flags.CoreFlags;
import com.numa.core.flags.Flag;
import com.numa.profiler.sharing.Thresholds;
import com.numa.profiler.tracking.AccessClassifier.Owner;
import java.util.List;
import java.util.function.Function;

/** The NUMAProfiler family of -XX flags, declared once; {@link ProfilerFeature} hands them to the feature registry. */
public final class ProfilerFlags {
    private ProfilerFlags() {
    }

    /** Which accesses are intercepted. */
    public enum Accesses {
        /** Reference-typed fields and array elements only: what Maxine's NUMAProfiler counted, and about half the cost. */
        REFERENCE,
        /** Primitive fields and array elements too. */
        ALL
    }

    /** How much of what a program does is seen. */
    public enum Coverage {
        /**
         * The accesses NUMAProfilerAccesses selects, in classes loaded after the agent and in those NUMAProfilerRetransform
         * names: cheaper, blind to the JDK's collections, locks and atomics (loaded before any agent).
         */
        BASIC,
        /**
         * What the program touches: every field and array access, calls on atomic boxes, and the JDK classes of
         * {@link #PROGRAM_JDK_CLASSES} retransformed at start (numa characterize's and numa diagnose's profiling runs).
         */
        PROGRAM
    }

    /**
     * The loaded JDK classes program coverage retransforms: java.util's collections and java.util.concurrent (locks,
     * queues, ConcurrentHashMap, executors, atomics), the classes a program's shared state most often lives in.
     */
    public static final List<String> PROGRAM_JDK_CLASSES = List.of("java.util.*", "java.util.concurrent.**");

    public static final List<String> FAMILY_PREFIXES = List.of("NUMAProfiler");

    public static final Flag<Boolean> ENABLE = Flag.bool("NUMAProfiler", false,
            "Object-level allocation and access profiling with owner ids and shared read/write classification");
    public static final Flag<Accesses> ACCESSES = Flag.choice("NUMAProfilerAccesses", Accesses.class, Accesses.REFERENCE,
            "Intercept reference-typed field/array accesses only (Maxine's choice, cheaper) or all of them");
    public static final Flag<Coverage> COVERAGE = Flag.choice("NUMAProfilerCoverage", Coverage.class, Coverage.BASIC,
            "basic: what NUMAProfilerAccesses and NUMAProfilerRetransform select; program: what the program touches (all "
                    + "accesses, atomic boxes, java.util.* and java.util.concurrent.** retransformed at start), as numa "
                    + "characterize and numa diagnose profile");
    public static final Flag<Owner> OWNER = Flag.choice("NUMAProfilerOwner", Owner.class, Owner.LAST_WRITER,
            "Owner of an object for the shared/private classification: last writer (the paper) or allocator");
    public static final Flag<String> OUTPUT = Flag.string("NUMAProfilerOutput", "numa-profile",
            "Directory for threads.csv, access_matrix.csv, sites.csv, types.csv and summary.json");
    public static final Flag<List<String>> INCLUDE = Flag.list("NUMAProfilerInclude", List.of(),
            "Classes to instrument (patterns a.b.C, a.b.*, a.b.**; empty = all not excluded)");
    public static final Flag<List<String>> EXCLUDE = Flag.list("NUMAProfilerExclude", List.of(),
            "Classes never to instrument, in addition to the built-in exclusions (the profiler, ASM, JNA, JDK internals)");
    public static final Flag<Boolean> INSTRUMENT_JDK = Flag.bool("NUMAProfilerInstrumentJDK", true,
            "Also instrument JDK classes loaded after the agent starts (java.lang, jdk.*, sun.* stay excluded)");
    public static final Flag<List<String>> RETRANSFORM = Flag.list("NUMAProfilerRetransform", List.of(),
            "Already loaded classes to retransform (method bodies only, e.g. java.util.HashMap*); their objects use the side table");
    public static final Flag<Integer> SAMPLING = Flag.integer("NUMAProfilerSampling", 1, 1, 1 << 20,
            "Count one access in N per thread and scale the counts by N (1 = every access)");
    public static final Flag<Boolean> DEFER_ARRAYS = Flag.bool("NUMAProfilerDeferArrays", true,
            "With NUMAProfilerSampling > 1, an array gets its side-table entry (owner word) when a sampled access first "
                    + "meets it, not at allocation (each thread remembers the tags of its last SideTableCapacity/16 to /8 "
                    + "arrays); off = every array at allocation");
    public static final Flag<Boolean> TRANSFORMER_C1_ONLY = Flag.bool("NUMAProfilerTransformerC1Only", true,
            "Compile the class transformer (ASM and the profiler's visitors) with C1 only, by a compiler directive added at "
                    + "start: C2 spent seconds of the application's CPUs on ASM's large methods; off = HotSpot's usual tiers");
    public static final Flag<Integer> EXPLICIT_GC_THRESHOLD = Flag.integer("NUMAProfilerExplicitGCThreshold", 0, 0,
            Integer.MAX_VALUE, "Start profiling after the N-th explicit System.gc()/Runtime.gc() (0 = from the start)");
    public static final Flag<String> START_AT = Flag.custom("NUMAProfilerStartAt", CoreFlags.METHOD_TYPE, "",
            "Start profiling at the entry of this method (pkg.Class.method); empty = no method window",
            CoreFlags.METHOD_NAME);
    public static final Flag<String> STOP_AT = Flag.custom("NUMAProfilerStopAt", CoreFlags.METHOD_TYPE, "",
            "Stop profiling at the entry of this method (pkg.Class.method)", CoreFlags.METHOD_NAME);
    public static final Flag<Boolean> ITERATIONS = Flag.bool("NUMAProfilerIterations", false,
            "Profile only the measured iterations the application or its harness marks (numa characterize's suites); "
                    + "off = the whole run");
    public static final Flag<Boolean> START_ON_DEMAND = Flag.bool("NUMAProfilerOnDemand", false,
            "Do not start profiling by itself; wait for start() on the MBean com.numa:type=NUMAProfiler");
    public static final Flag<Boolean> MBEAN = Flag.bool("NUMAProfilerMBean", false,
            "Register the MBean com.numa:type=NUMAProfiler (start, stop, dump); implied by -XX:+NUMAProfilerOnDemand. Off by "
                    + "default because the platform MBean server costs ~10 MB of RSS");
    public static final Flag<Integer> TOP = Flag.integer("NUMAProfilerTop", 20, 1, 100000,
            "Rows of sites.csv and types.csv, and sites listed in the exit summary");
    public static final Flag<Integer> SITE_DEPTH = Flag.integer("NUMAProfilerSiteDepth", 1, 1, 16,
            "Frames that make an allocation site: 1 = the allocating method and line; N > 1 adds its N-1 callers (a stack "
                    + "walk per allocation, several times slower to allocate)");
    public static final Flag<Integer> SIDE_TABLE_CAPACITY = Flag.integer("NUMAProfilerSideTableCapacity", 1 << 20,
            1024, 1 << 28, "Objects the identity side table tracks at most (arrays, classes loaded before the agent)");
    public static final Flag<Integer> ARRAY_CHUNK = Flag.custom("NUMAProfilerArrayChunk", "int", 64,
            "Bytes of an array that share one owner word, counted from the array's start (a power of two from 16; "
                    + "64 = a cache line, the lines numa diagnose sees, at 8 bytes of memory per 64 of an array touched "
                    + "past its first line; 0 = one word per array, as Maxine)",
            new Function<>() { // a class, not a method reference: see CoreFlags.METHOD_NAME
                @Override
                public Integer apply(String v) {
                    return parseChunk(v);
                }
            });
    public static final Flag<Integer> NODE_REFRESH = Flag.integer("NUMAProfilerNodeRefresh", 4096, 1, 1 << 30,
            "Re-read the accessing thread's CPU (sched_getcpu) every N profiled accesses");
    public static final Flag<String> TRACE = Flag.string("NUMAProfilerTrace", "",
            "Also record a binary allocation/access trace (thread starts and ends, allocations, reference stores, "
                    + "profiled accesses, explicit GCs) to this file for numa gc-replay; empty = off");
    public static final Flag<Integer> DUMP_INTERVAL = Flag.integer("NUMAProfilerDumpInterval", 0, 0, 1 << 20,
            "Also write the profile every N seconds while the program runs, so a killed run keeps its last one "
                    + "(0 = only at exit and on demand)");
    public static final Flag<Boolean> QUIET = Flag.bool("NUMAProfilerQuiet", false,
            "Do not print the exit summary on stderr");
    public static final Flag<Boolean> DIAGNOSE = Flag.bool("NUMAProfilerDiagnose", false,
            "Sharing diagnosis (numa diagnose): false/true sharing per field or array element of write-shared objects "
                    + "(JOL layouts, 64-byte lines), duplication candidates, remote, thread-migration and imbalance scores, "
                    + "ranked with advice in issues.csv; implies -XX:NUMAProfilerAccesses=all");
    public static final Flag<Integer> DIAGNOSE_OBJECTS = Flag.integer("NUMAProfilerDiagnoseObjects", 16384, 16, 1 << 22,
            "Write-shared objects the diagnosis follows word by word at a time (collected ones are summarised and make "
                    + "room; beyond that new ones are counted, not followed)");
    public static final Flag<Thresholds> DIAGNOSE_THRESHOLDS = Flag.custom("NUMAProfilerDiagnoseThresholds",
            "kind=score,...", Thresholds.DEFAULTS,
            "Score from which an issue is reported, per kind (remote, false-sharing, true-sharing, "
                    + "duplication-candidate, thread-migration, imbalance); unnamed kinds keep their defaults",
            new Function<>() { // a class, not a method reference: see CoreFlags.METHOD_NAME
                @Override
                public Thresholds apply(String v) {
                    return parseThresholds(v);
                }
            });

    public static List<Flag<?>> all() {
        return List.of(ENABLE, ACCESSES, COVERAGE, OWNER, OUTPUT, INCLUDE, EXCLUDE, INSTRUMENT_JDK, RETRANSFORM, SAMPLING,
                DEFER_ARRAYS, TRANSFORMER_C1_ONLY,
                EXPLICIT_GC_THRESHOLD, START_AT, STOP_AT, ITERATIONS, START_ON_DEMAND, MBEAN, TOP, SITE_DEPTH, SIDE_TABLE_CAPACITY, ARRAY_CHUNK,
                NODE_REFRESH, TRACE, DUMP_INTERVAL, QUIET, DIAGNOSE, DIAGNOSE_OBJECTS, DIAGNOSE_THRESHOLDS);
    }

    static Thresholds parseThresholds(String v) {
        try {
            return Thresholds.parse(v);
        } catch (IllegalArgumentException e) {
            throw new Flag.BadValue(e.getMessage());
        }
    }

    static int parseChunk(String v) {
        String expected = "0 or a power of two in [16, 1048576]";
        try {
            int i = Integer.parseInt(v.trim());
            if (i != 0 && (i < 16 || i > (1 << 20) || Integer.bitCount(i) != 1)) {
                throw new Flag.BadValue(expected);
            }
            return i;
        } catch (NumberFormatException e) {
            throw new Flag.BadValue(expected);
        }
    }
}
