package com.numa.speedup;

import java.util.EnumMap;
import java.util.Map;

/**
 * The speedup stack of one thread count: each component's size in speedup units (they add up to N, the ideal
 * speedup) and the time behind it. {@code weightedNs} is the component's numerator (speedup x T_p); {@code mtNs} and
 * {@code stNs} are the raw multi- and single-threaded times it was built from (0 where the equation has none).
 * {@code timeSharingNs} is the numerator of the part of "other" that other tenants' use of the CPUs explains
 * ({@link SpeedupStackModel}); the paper had more cores than threads and no such part.
 */
record SpeedupStack(int threads, long serialNs, long parallelNs, Map<Component, Part> parts,
                           RunSummary baseline, RunSummary parallel, long timeSharingNs) {

    record Part(double speedup, long weightedNs, long mtNs, long stNs) {
    }

    SpeedupStack {
        parts = Map.copyOf(new EnumMap<>(parts));
    }

    double speedup(Component c) {
        return parts.get(c).speedup();
    }

    /** The time-sharing part of "other", in speedup units (an upper bound: see the model). */
    double timeSharing() {
        return timeSharingNs / (double) parallelNs;
    }

    /** The largest delimiter (everything but the measured speedup). */
    Component dominantDelimiter() {
        Component best = Component.GC;
        for (Component c : Component.values()) {
            if (c != Component.MEASURED && speedup(c) > speedup(best)) {
                best = c;
            }
        }
        return best;
    }
}
