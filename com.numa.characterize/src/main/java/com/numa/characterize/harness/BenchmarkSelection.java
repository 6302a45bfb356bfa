package com.numa.characterize.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/** {@code --bench} against the benchmarks a jar lists: the names asked for, or every one; an unknown name is an error. */
final class BenchmarkSelection {

    private BenchmarkSelection() {
    }

    /** {@code only} in its order (all of {@code known} when empty); throws naming every unknown one and the known. */
    static List<String> select(String suite, Path jar, Collection<String> known, List<String> only) {
        if (only.isEmpty()) {
            return List.copyOf(known);
        }
        List<String> unknown = new ArrayList<>();
        for (String name : only) {
            if (!known.contains(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown " + suite + " benchmark" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown) + "; " + jar.getFileName() + " has: " + String.join(", ", known));
        }
        return List.copyOf(new LinkedHashSet<>(only));
    }
}
