package com.numa.bench.profiler;

import java.util.ArrayList;
import java.util.List;

/**
 * One way {@link ProfilerOverhead} runs a workload: without the agent ({@code none}, the baseline), or under the
 * profiler with one sampling rate. {@code floor} counts one access in 2^20 (the largest rate the profiler takes), so
 * next to nothing is counted: what is left is the price of the hooks' countdown and of the injected owner word, which
 * no sampling rate removes. {@code diagnose} is {@code full} with the sharing diagnosis on
 * ({@code -XX:+NUMAProfilerDiagnose}, which intercepts every access: compare it with {@code full} under
 * {@code --accesses all}). {@code extraFlag} is the mode's one more flag, or null.
 */
record OverheadMode(String name, String samplingFlag, String extraFlag) {
    static final int FLOOR_SAMPLING = 1 << 20;
    static final String DEFAULT = "none,full,sampled64";
    static final String HELP = "none, full, diagnose, floor or sampled<N> (N >= 2), e.g. none,floor,sampled64,full";

    OverheadMode(String name, String samplingFlag) {
        this(name, samplingFlag, null);
    }

    /** The mode's profiler flags (empty for the baseline). */
    java.util.List<String> flags() {
        java.util.List<String> f = new java.util.ArrayList<>();
        if (samplingFlag != null) {
            f.add(samplingFlag);
        }
        if (extraFlag != null) {
            f.add(extraFlag);
        }
        return f;
    }

    boolean baseline() {
        return samplingFlag == null;
    }

    static OverheadMode of(String name) {
        String n = name.trim();
        switch (n) {
            case "none": return new OverheadMode(n, null);
            case "full": return sampled(n, 1);
            case "diagnose": return new OverheadMode(n, "-XX:NUMAProfilerSampling=1", "-XX:+NUMAProfilerDiagnose");
            case "floor": return sampled(n, FLOOR_SAMPLING);
            default:
                if (n.startsWith("sampled")) {
                    try {
                        int every = Integer.parseInt(n.substring("sampled".length()));
                        if (every >= 2) {
                            return sampled(n, every);
                        }
                    } catch (NumberFormatException e) {
                        // falls through to the error below
                    }
                }
                throw new IllegalArgumentException("unknown mode '" + n + "'; modes are " + HELP);
        }
    }

    private static OverheadMode sampled(String name, int every) {
        return new OverheadMode(name, "-XX:NUMAProfilerSampling=" + every);
    }

    /** The modes of a comma-separated list, the baseline first (added when missing), each once. */
    static List<OverheadMode> parse(String list) {
        List<OverheadMode> modes = new ArrayList<>();
        modes.add(of("none"));
        for (String s : list.split(",")) {
            if (s.isBlank()) {
                continue;
            }
            OverheadMode m = of(s);
            if (modes.stream().noneMatch(k -> k.name.equals(m.name))) {
                modes.add(m);
            }
        }
        if (modes.size() < 2) {
            throw new IllegalArgumentException("no profiler mode in '" + list + "'; modes are " + HELP);
        }
        return modes;
    }
}
