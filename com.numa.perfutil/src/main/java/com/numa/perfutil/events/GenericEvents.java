package com.numa.perfutil.events;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kernel's generic events under their {@code perf list} names: PERF_TYPE_HARDWARE, PERF_TYPE_HW_CACHE (config =
 * cache id | op << 8 | result << 16) and PERF_TYPE_SOFTWARE. The ids are the kernel ABI (include/uapi/linux/perf_event.h).
 */
final class GenericEvents {

    /** type and config of one generic event. */
    record Generic(int type, long config) {
    }

    private static final Map<String, Generic> BY_NAME = build();

    private GenericEvents() {
    }

    static Generic lookup(String name) {
        return BY_NAME.get(name);
    }

    static Map<String, Generic> all() {
        return BY_NAME;
    }

    private static Map<String, Generic> build() {
        Map<String, Generic> m = new LinkedHashMap<>();
        hw(m, 0, "cycles", "cpu-cycles");
        hw(m, 1, "instructions");
        hw(m, 2, "cache-references");
        hw(m, 3, "cache-misses");
        hw(m, 4, "branches", "branch-instructions");
        hw(m, 5, "branch-misses");
        hw(m, 6, "bus-cycles");
        hw(m, 7, "stalled-cycles-frontend", "idle-cycles-frontend");
        hw(m, 8, "stalled-cycles-backend", "idle-cycles-backend");
        hw(m, 9, "ref-cycles");

        String[] caches = {"L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB", "branch", "node"};
        String[][] ops = {{"loads", "load-misses"}, {"stores", "store-misses"}, {"prefetches", "prefetch-misses"}};
        for (int cache = 0; cache < caches.length; cache++) {
            for (int op = 0; op < ops.length; op++) {
                for (int result = 0; result < 2; result++) {
                    long config = cache | ((long) op << 8) | ((long) result << 16);
                    m.put(caches[cache] + "-" + ops[op][result], new Generic(EventSpec.TYPE_HW_CACHE, config));
                }
            }
        }

        sw(m, 0, "cpu-clock");
        sw(m, 1, "task-clock");
        sw(m, 2, "page-faults", "faults");
        sw(m, 3, "context-switches", "cs");
        sw(m, 4, "cpu-migrations", "migrations");
        sw(m, 5, "minor-faults");
        sw(m, 6, "major-faults");
        sw(m, 7, "alignment-faults");
        sw(m, 8, "emulation-faults");
        sw(m, 9, "dummy");
        return Collections.unmodifiableMap(m);
    }

    private static void hw(Map<String, Generic> m, long config, String... names) {
        for (String n : names) {
            m.put(n, new Generic(EventSpec.TYPE_HARDWARE, config));
        }
    }

    private static void sw(Map<String, Generic> m, long config, String... names) {
        for (String n : names) {
            m.put(n, new Generic(EventSpec.TYPE_SOFTWARE, config));
        }
    }
}
