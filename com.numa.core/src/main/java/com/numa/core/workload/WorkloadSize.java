package com.numa.core.workload;

import java.util.Locale;

/**
 * The scale of a workload's input ({@code size=} of {@link WorkloadArguments}). Every workload sizes its work as
 * {@code base * scale()}, so the sizes keep one ratio: small is a first look (well under a second per iteration on a
 * 2-core machine), default takes a few seconds for one warm-up and three measured iterations, large is four times
 * default.
 */
public enum WorkloadSize {
    SMALL(1), DEFAULT(6), LARGE(24);

    private final int scale;

    WorkloadSize(int scale) {
        this.scale = scale;
    }

    /** The multiplier of the workload's base amount of work. */
    public int scale() {
        return scale;
    }

    /** The name on the command line ({@code size=small}). */
    public String argument() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The size called {@code name} on the command line; IllegalArgumentException for anything else. */
    public static WorkloadSize of(String name) {
        for (WorkloadSize s : values()) {
            if (s.argument().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("bad size '" + name + "': expected small, default or large");
    }
}
