package com.numa.perfutil.events;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The events the study counts, in one place: the hardware events behind Table 2 (instructions), Table 5 (LLC loads,
 * stores and their misses; node misses: the remote share) and the optimizer's CPI (cycles), and the software events
 * that count everywhere and stand in for them where no PMU does. PerfUtil's default events and characterize's events
 * are both chosen here.
 */
public final class StudyEvents {
    /** Hardware events, in the order tables read them. */
    public static final List<String> HARDWARE = List.of("instructions", "cycles", "LLC-loads", "LLC-load-misses",
            "LLC-stores", "LLC-store-misses", "node-load-misses", "node-store-misses");

    /** Software events: count on every Linux machine, virtual machines included. */
    public static final List<String> SOFTWARE = List.of("task-clock", "context-switches", "cpu-migrations",
            "page-faults");

    /** Every study event, hardware first: what characterize asks for (events a machine cannot count are dropped). */
    public static final List<String> ALL = concat(HARDWARE, SOFTWARE);

    /**
     * PAPI's presets for the study's hardware events. Presets PAPI lacks (L3 store misses) have no entry: count them
     * by a native name ({@code perf::LLC-STORE-MISSES}).
     */
    private static final Map<String, String> PAPI_PRESETS = Map.of("PAPI_TOT_INS", "instructions", "PAPI_TOT_CYC",
            "cycles", "PAPI_L3_DCR", "LLC-loads", "PAPI_L3_LDM", "LLC-load-misses", "PAPI_L3_DCW", "LLC-stores");

    private StudyEvents() {
    }

    /**
     * The study's name for an event as a backend names it, so that tables read PAPI's readings as they read
     * perf_event_open's: a PAPI preset ({@code PAPI_TOT_INS} is {@code instructions}), or a perf native name with or
     * without qualifiers ({@code perf::CONTEXT-SWITCHES:k=1} is {@code context-switches}). Any other name is returned
     * as it is.
     */
    public static String canonical(String name) {
        String preset = PAPI_PRESETS.get(name);
        if (preset != null) {
            return preset;
        }
        if (name.startsWith("perf::")) {
            String bare = name.substring("perf::".length());
            int qualifier = bare.indexOf(':');
            String event = qualifier < 0 ? bare : bare.substring(0, qualifier);
            for (String e : ALL) {
                if (e.equalsIgnoreCase(event)) {
                    return e;
                }
            }
        }
        return name;
    }

    /**
     * The default events on a machine: with a core PMU, the hardware events that open here ({@code opens} tries one
     * alone), then the software ones; without a PMU, the software ones only (nothing to try, nothing to warn about).
     */
    public static List<String> forMachine(boolean hasCorePmu, Predicate<String> opens) {
        if (!hasCorePmu) {
            return SOFTWARE;
        }
        List<String> out = new ArrayList<>();
        for (String e : HARDWARE) {
            if (opens.test(e)) {
                out.add(e);
            }
        }
        out.addAll(SOFTWARE);
        return List.copyOf(out);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }
}
