package com.numa.characterize.report;

import java.util.ArrayList;
import java.util.List;

/**
 * One table of the study, built once and written three ways (CSV file, HTML and Markdown report), so the three never
 * disagree. Cells are already formatted; "" is an empty cell.
 *
 * @param file    the CSV file name, e.g. table2_parallelism.csv
 * @param title   the caption in the reports
 * @param note    one line under the caption (e.g. "not measured: no PMU"), or ""
 * @param header  column names, units in the names
 * @param rows    one list of cells per row
 * @param notMeasured why every cell but the first column's can be empty ("no PMU, and ..."), which a page says in place
 *                of an empty table; "" when the note says it
 */
public record Table(String file, String title, String note, List<String> header, List<List<String>> rows,
        String notMeasured) {

    public Table(String file, String title, String note, List<String> header, List<List<String>> rows) {
        this(file, title, note, header, rows, "");
    }

    public Table {
        header = List.copyOf(header);
        List<List<String>> copy = new ArrayList<>();
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException(file + ": a row of " + r.size() + " cells for " + header.size() + " columns");
            }
            copy.add(List.copyOf(r));
        }
        rows = List.copyOf(copy);
    }

    /** Whether column {@code i} has no value in any row (a table without rows has values nowhere to miss). */
    public boolean emptyColumn(int i) {
        return !rows.isEmpty() && rows.stream().allMatch(r -> r.get(i).isEmpty());
    }
}
