package com.numa.characterize.diff;

import java.util.Map;

/**
 * One row of a diagnosis's issues.csv, as {@code numa diff} compares it.
 *
 * @param rank            its rank in its own diagnosis (1 = most serious)
 * @param kind            false-sharing, true-sharing, remote, ... (the profiler's IssueKind labels)
 * @param score           in {@code unit}; infinite for "inf"
 * @param timesThreshold  score / the kind's threshold: comparable across kinds
 * @param site            the allocation site (class.method:line), "" for whole-program issues
 * @param type            the allocated type (or the thread types, for imbalance)
 * @param fields          the fields (name@offset) or element ranges involved
 */
public record Issue(int rank, String kind, double score, String unit, double timesThreshold, String site, String type,
        String fields) {

    /** A row as {@code com.numa.diagnose.IssueList#read} gives it. */
    public static Issue of(Map<String, String> row) {
        return new Issue(Integer.parseInt(row.get("rank").strip()), row.get("kind"), number(row.get("score")),
                row.get("score_unit"), number(row.get("times_threshold")), row.get("site"), row.get("type"),
                row.get("fields"));
    }

    private static double number(String s) {
        return s.strip().equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(s.strip());
    }

    /** The allocation site without its line number: the same code after an edit above it. */
    public String method() {
        return site.replaceFirst(":\\d+$", "");
    }

    /** Where it is, for a table: site, type and fields. */
    public String location() {
        return String.join(" ", java.util.stream.Stream.of(site, type, fields).filter(s -> !s.isEmpty()).toList());
    }
}
