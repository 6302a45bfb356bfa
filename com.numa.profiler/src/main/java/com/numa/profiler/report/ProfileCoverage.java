package com.numa.profiler.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a profiling run sees of the program, so that every figure it writes can say what it rests on: summary.json's
 * {@code coverage} section (read by numa characterize's evidence) and, when accesses were left out, one exit-summary
 * line naming them and the flag that sees them.
 *
 * @param program         -XX:NUMAProfilerCoverage=program
 * @param primitives      primitive fields and array elements are profiled (not only references)
 * @param atomicCalls     calls on the JDK's atomic boxes count as accesses of their value
 * @param jdkInstrumented JDK classes loaded after the agent are instrumented (the hook runtime is on the boot path)
 * @param retransformedJdkClasses the loaded JDK classes retransformed at start, as patterns (program coverage's, when
 *                        JDK classes are instrumented); empty when none
 * @param hiddenByIntrinsics JDK methods instrumented but run as compiled stubs once their callers are compiled
 *                        (instrument.HiddenIntrinsics), only under program coverage; empty when every one is off
 * @param intrinsicsOff   the java options that turn those intrinsics off on this JDK
 */
public record ProfileCoverage(boolean program, boolean primitives, boolean atomicCalls, boolean jdkInstrumented,
        List<String> retransformedJdkClasses, List<String> hiddenByIntrinsics, List<String> intrinsicsOff) {

    public ProfileCoverage {
        retransformedJdkClasses = List.copyOf(retransformedJdkClasses);
        hiddenByIntrinsics = List.copyOf(hiddenByIntrinsics);
        intrinsicsOff = List.copyOf(intrinsicsOff);
    }

    /** summary.json's {@code coverage} section; {@code sampling}: one access in N is counted. */
    public Map<String, Object> summary(int sampling) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("coverage", program ? "program" : "basic");
        m.put("primitives_profiled", primitives);
        m.put("atomic_calls_profiled", atomicCalls);
        m.put("jdk_classes_loaded_after_agent_profiled", jdkInstrumented);
        m.put("jdk_classes_retransformed", String.join(",", retransformedJdkClasses));
        m.put("hidden_by_intrinsics", String.join("; ", hiddenByIntrinsics));
        m.put("sampling_one_in", sampling);
        return m;
    }

    /**
     * The exit summary's line on what was not seen and which flag sees it; under program coverage, only the methods
     * that intrinsics hid (the launchers turn those off).
     */
    public Optional<String> notSeen() {
        if (program && jdkInstrumented) {
            return hiddenByIntrinsics.isEmpty() ? Optional.empty() : Optional.of("numa: NUMAProfiler: not seen once "
                    + "compiled: " + String.join("; ", hiddenByIntrinsics) + " (C2 runs them as intrinsics; bin/numa "
                    + "turns these off for profiled runs, or add " + String.join(" ", intrinsicsOff) + ")");
        }
        List<String> unseen = new ArrayList<>();
        if (!primitives) {
            unseen.add("primitive fields and array elements");
        }
        unseen.add("the JDK classes loaded before the agent (java.util collections, java.util.concurrent's maps, queues "
                + "and locks" + (atomicCalls ? "" : ", atomic boxes") + ")");
        return Optional.of("numa: NUMAProfiler: not seen: " + String.join("; ", unseen)
                + " (-XX:NUMAProfilerCoverage=program sees them, as numa characterize and numa diagnose do; "
                + "docs/profiling-coverage.md)");
    }
}
