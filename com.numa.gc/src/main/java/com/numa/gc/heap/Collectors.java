package com.numa.gc.heap;

import java.util.List;
import java.util.Locale;

/** The policies by name, in the order reports list them (baseline first: the others are compared with it). */
public final class Collectors {
    private static final List<Collector> ALL = List.of(new SemiSpaceBaseline(), new NumaToSpace(), new NumaEden(),
            new NumaEdenMigrate(), new ParallelNumaModel(), new G1NumaModel());

    private Collectors() {
    }

    public static List<Collector> all() {
        return ALL;
    }

    public static List<String> names() {
        return ALL.stream().map(Collector::name).toList();
    }

    /** The policy called {@code name}; IllegalArgumentException naming the valid ones otherwise. */
    public static Collector byName(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (Collector c : ALL) {
            if (c.name().equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown policy '" + name + "'; valid policies: "
                + String.join(", ", names()));
    }
}
