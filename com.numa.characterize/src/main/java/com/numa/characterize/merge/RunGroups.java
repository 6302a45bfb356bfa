package com.numa.characterize.merge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which JVMs belong to one run of the application: the JVMs whose lifetimes (start to the last time their files
 * hold) overlap, chained (the driver overlaps each executor); a JVM that ran apart from the others, such as an
 * earlier run's file left in the same directory, is from another run. The run merged is the group with the most
 * JVMs (the latest on a tie).
 */
final class RunGroups {
    /** Gaps this short still chain: one JVM's files may end a periodic interval before the next one starts. */
    static final long SLACK_MS = 10_000;

    /** A JVM's lifetime, epoch ms. */
    record Life(String key, long startMs, long endMs) {
    }

    private RunGroups() {
    }

    /** The groups, earliest first. */
    static List<List<Life>> groups(List<Life> lives) {
        List<Life> sorted = lives.stream().sorted(Comparator.comparingLong(Life::startMs)).toList();
        List<List<Life>> groups = new ArrayList<>();
        long groupEnd = Long.MIN_VALUE;
        for (Life l : sorted) {
            if (groups.isEmpty() || l.startMs() > groupEnd + SLACK_MS) {
                groups.add(new ArrayList<>());
                groupEnd = Long.MIN_VALUE;
            }
            groups.get(groups.size() - 1).add(l);
            groupEnd = Math.max(groupEnd, Math.max(l.startMs(), l.endMs()));
        }
        return groups;
    }

    /** The group merged: the most JVMs, the latest on a tie; empty without lives. */
    static List<Life> merged(List<List<Life>> groups) {
        List<Life> best = List.of();
        for (List<Life> g : groups) {
            if (g.size() >= best.size()) {
                best = g;
            }
        }
        return best;
    }
}
