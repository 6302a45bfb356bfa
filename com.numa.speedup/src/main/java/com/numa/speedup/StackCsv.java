package com.numa.speedup;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code speedup_stack.csv}: one row per thread count and component. */
final class StackCsv {
    static final List<String> HEADER = List.of("threads", "component", "equation", "speedup", "weighted_ns", "mt_ns",
            "st_ns", "t_s_ns", "t_p_ns");

    private StackCsv() {
    }

    static void write(Path target, StackReport report) throws IOException {
        CsvTables.write(target, HEADER, csv -> {
            for (SpeedupStack s : report.stacks()) {
                for (Component c : Component.values()) {
                    SpeedupStack.Part p = s.parts().get(c);
                    csv.printRecord(s.threads(), c.label(), c.equation(), String.format(java.util.Locale.ROOT, "%.4f",
                            p.speedup()), p.weightedNs(), p.mtNs(), p.stNs(), s.serialNs(), s.parallelNs());
                }
            }
        });
    }
}
