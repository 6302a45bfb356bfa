package com.numa.perfutil.counters;

import com.numa.perfutil.events.EventSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Splits requested events into perf event groups. Software events never compete for hardware counters, so they share
 * one group; hardware events go in groups of at most {@code hardwarePerGroup} (a core PMU has few general-purpose
 * counters: 4 to 8), and the kernel multiplexes the groups, which each value's enabled/running times record. When the
 * kernel still refuses a group at open time (ENOSPC/EINVAL: fewer counters than assumed, or constraints between
 * events), {@link #refine} halves it until every group opens. Pure logic: the kernel is behind a predicate.
 */
public final class GroupPlanner {
    public static final int DEFAULT_HARDWARE_PER_GROUP = 4;

    private final int hardwarePerGroup;
    private final int softwarePerGroup;

    /** Software events in one group, hardware events at most {@code hardwarePerGroup} to a group. */
    public GroupPlanner(int hardwarePerGroup) {
        this(hardwarePerGroup, Integer.MAX_VALUE);
    }

    /** As above, with a cap on the software group too (to exercise multiplexed groups on machines without a PMU). */
    public GroupPlanner(int hardwarePerGroup, int softwarePerGroup) {
        if (hardwarePerGroup < 1 || softwarePerGroup < 1) {
            throw new IllegalArgumentException("events per group must be at least 1 (got hardware " + hardwarePerGroup
                    + ", software " + softwarePerGroup + ")");
        }
        this.hardwarePerGroup = hardwarePerGroup;
        this.softwarePerGroup = softwarePerGroup;
    }

    public static GroupPlanner defaults() {
        return new GroupPlanner(DEFAULT_HARDWARE_PER_GROUP);
    }

    /** Groups in request order within each kind: software groups first, then hardware groups. */
    public List<List<EventSpec>> plan(List<EventSpec> events) {
        List<EventSpec> software = new ArrayList<>();
        List<EventSpec> hardware = new ArrayList<>();
        for (EventSpec e : events) {
            (e.needsHardwarePmu() ? hardware : software).add(e);
        }
        List<List<EventSpec>> groups = new ArrayList<>();
        chunk(software, softwarePerGroup, groups);
        chunk(hardware, hardwarePerGroup, groups);
        return groups;
    }

    /**
     * Keeps each group that {@code opens} accepts and halves each one it refuses, recursively. A single event that is
     * refused stays a group of its own: it opened alone when availability was probed, so the refusal was about the
     * company it kept.
     */
    public List<List<EventSpec>> refine(List<List<EventSpec>> plan, Predicate<List<EventSpec>> opens) {
        List<List<EventSpec>> out = new ArrayList<>();
        for (List<EventSpec> g : plan) {
            split(g, opens, out);
        }
        return out;
    }

    private static void split(List<EventSpec> group, Predicate<List<EventSpec>> opens, List<List<EventSpec>> out) {
        if (group.size() == 1 || opens.test(group)) {
            out.add(List.copyOf(group));
            return;
        }
        int half = (group.size() + 1) / 2;
        split(group.subList(0, half), opens, out);
        split(group.subList(half, group.size()), opens, out);
    }

    private static void chunk(List<EventSpec> events, int size, List<List<EventSpec>> out) {
        for (int i = 0; i < events.size(); i += size) {
            out.add(List.copyOf(events.subList(i, Math.min(events.size(), i + size))));
        }
    }
}
