package com.numa.perfutil.events;

/**
 * One countable event, ready for perf_event_open: the name the user wrote (as {@code perf list} spells it, modifiers
 * included), the {@code perf_event_attr} type and config words, the privilege-level exclusions from {@code :u}/{@code :k},
 * and whether it needs a hardware PMU (false only for the kernel's software and tracepoint events, which count
 * everywhere, virtual machines included).
 */
public record EventSpec(String name, int type, long config, long config1, long config2, boolean excludeUser,
        boolean excludeKernel, boolean needsHardwarePmu) {

    /** perf_event_attr.type values fixed by the kernel ABI (dynamic PMUs get theirs from sysfs). */
    public static final int TYPE_HARDWARE = 0, TYPE_SOFTWARE = 1, TYPE_TRACEPOINT = 2, TYPE_HW_CACHE = 3, TYPE_RAW = 4,
            TYPE_BREAKPOINT = 5;

    /** The same event counted under another name (used for the task-clock fallback and for modifiers). */
    public EventSpec withName(String newName) {
        return new EventSpec(newName, type, config, config1, config2, excludeUser, excludeKernel, needsHardwarePmu);
    }
}
