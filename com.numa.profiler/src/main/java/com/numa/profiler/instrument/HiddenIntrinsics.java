package com.numa.profiler.instrument;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * JDK methods whose accesses the profiler instruments but C2 replaces by a compiled stub (an intrinsic): once a caller
 * is compiled, its calls run the stub and no hook. So the same work counts in full while interpreted and hardly at all
 * once compiled: on JDK 25, threads that each sorted an equal array showed 25 million accesses early in the run and
 * 1.7 million later (an object-access imbalance of 119%, 1% with the intrinsics off). Under
 * {@code -XX:NUMAProfilerCoverage=program} the launchers start the JVM with these intrinsics off; a JVM started
 * without the launcher reports them as not seen.
 */
public final class HiddenIntrinsics {
    /** One intrinsic: HotSpot's id, the first JDK feature version that has it, and what it hides. */
    record Intrinsic(String id, int since, String hides) {
    }

    /** Those in java.util.* (what program coverage retransforms) on x86-64 and AArch64 HotSpot. */
    static final List<Intrinsic> ALL = List.of(
            new Intrinsic("_arraySort", 22, "Arrays.sort of primitive arrays"),
            new Intrinsic("_arrayPartition", 22, "Arrays.sort of primitive arrays"),
            new Intrinsic("_base64_encodeBlock", 17, "Base64 encoding"),
            new Intrinsic("_base64_decodeBlock", 17, "Base64 decoding"));

    private HiddenIntrinsics() {
    }

    /** The intrinsics a JDK of this feature version has (none when the version is unknown: HotSpot rejects ids it lacks). */
    static List<Intrinsic> of(int featureVersion) {
        return ALL.stream().filter(i -> featureVersion >= i.since()).toList();
    }

    /** The java options that turn them off on a JDK of this feature version; empty when there are none. */
    public static List<String> disablingOptions(int featureVersion) {
        List<Intrinsic> present = of(featureVersion);
        if (present.isEmpty()) {
            return List.of();
        }
        return List.of("-XX:+UnlockDiagnosticVMOptions",
                "-XX:DisableIntrinsic=" + present.stream().map(Intrinsic::id).collect(Collectors.joining(",")));
    }

    /**
     * What stays hidden on this JVM: the intrinsics it has that {@code -XX:DisableIntrinsic} (its value, a comma
     * list) does not turn off, as the methods they hide, once each.
     */
    static List<String> stillHidden(int featureVersion, String disabledList) {
        Set<String> off = Arrays.stream(disabledList.split(",")).map(String::trim).collect(Collectors.toSet());
        List<String> hidden = new ArrayList<>();
        for (Intrinsic i : of(featureVersion)) {
            if (!off.contains(i.id()) && !hidden.contains(i.hides())) {
                hidden.add(i.hides());
            }
        }
        return hidden;
    }

    /** {@link #stillHidden} for the running JVM; nothing when its flags cannot be read (not HotSpot). */
    public static List<String> stillHiddenHere() {
        com.sun.management.HotSpotDiagnosticMXBean bean;
        try {
            bean = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
        String disabled;
        try {
            disabled = bean.getVMOption("DisableIntrinsic").getValue();
        } catch (IllegalArgumentException e) {
            disabled = ""; // a diagnostic flag is invisible unless unlocked: then nothing was turned off
        }
        return stillHidden(Runtime.version().feature(), disabled);
    }
}
