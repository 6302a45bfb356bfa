package com.numa.characterize.report;

import com.numa.characterize.run.ApplicationResult;
import com.numa.core.classification.Classification;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Our categories and shares beside the paper's for every application with a counterpart in it, and how often they
 * agree: parallelism (§4.1), data dependency (the paper's Table 4 shares put through the same rules as ours, at the
 * paper's thresholds) and shared reads within a factor of two. Our drivers are not DaCapo's or Renaissance's harness
 * and HotSpot is not Maxine, so agreement is evidence, not a test.
 */
public final class PaperComparison {
    /** Shared reads "agree" within this factor either way. */
    static final double SHARED_READS_FACTOR = 2;

    private PaperComparison() {
    }

    static Table of(List<ApplicationResult> apps) {
        List<List<String>> rows = new ArrayList<>();
        int parallelismRows = 0;
        int parallelismAgree = 0;
        int dependencyRows = 0;
        int dependencyAgree = 0;
        int readsRows = 0;
        int readsAgree = 0;
        for (ApplicationResult a : apps) {
            String key = a.counterpart().isEmpty() ? a.name() : a.counterpart();
            PaperCategories.Entry paper = PaperCategories.of(key).orElse(null);
            if (paper == null || a.verdict() == null) {
                continue;
            }
            String ours = a.verdict().parallelism().label();
            boolean parallelismSame = ours.equals(paper.parallelism());
            parallelismRows++;
            parallelismAgree += parallelismSame ? 1 : 0;
            double paperReads = pct(paper.sharedReads());
            double paperWrites = pct(paper.sharedWrites());
            DataDependency paperDep = Classification.dataDependency(paperReads, paperWrites, Thresholds.DEFAULTS);
            double ourReads = a.profile() == null ? Double.NaN : a.profile().sharedReadPct();
            double ourWrites = a.profile() == null ? Double.NaN : a.profile().sharedWritePct();
            DataDependency ourDep = a.verdict().dataDependency();
            String depSame = "";
            if (paperDep != null && ourDep != null) {
                dependencyRows++;
                dependencyAgree += paperDep == ourDep ? 1 : 0;
                depSame = String.valueOf(paperDep == ourDep);
            }
            String ratio = "";
            String within = "";
            if (!Double.isNaN(paperReads) && !Double.isNaN(ourReads) && paperReads > 0) {
                double r = ourReads / paperReads;
                boolean close = r >= 1 / SHARED_READS_FACTOR && r <= SHARED_READS_FACTOR;
                readsRows++;
                readsAgree += close ? 1 : 0;
                ratio = String.format(Locale.ROOT, "%.2f", r);
                within = String.valueOf(close);
            }
            rows.add(List.of(a.name(), key, ours, paper.parallelism(), String.valueOf(parallelismSame),
                    ourDep == null ? "" : ourDep.label(), paperDep == null ? "" : paperDep.label(), depSame,
                    StudyTables.num(ourReads), paper.sharedReads().replace("%", ""), StudyTables.num2(ourWrites),
                    paper.sharedWrites().replace("%", ""), ratio, within));
        }
        String note = String.format(Locale.ROOT, "Parallelism agrees on %d of %d, data dependency on %d of %d, shared "
                + "reads within %.0fx on %d of %d. The paper's dependency is its Table 4 shares put through our rules; "
                + "our drivers and HotSpot are not the paper's harnesses and Maxine, so agreement is evidence, not a "
                + "test.", parallelismAgree, parallelismRows, dependencyAgree, dependencyRows, SHARED_READS_FACTOR,
                readsAgree, readsRows);
        return new Table("paper_comparison.csv", "Beside the paper (ISMM'23 §4.1 and Table 4)", note,
                List.of("application", "paper_benchmark", "parallelism", "paper_parallelism", "parallelism_agrees",
                        "data_dependency", "paper_data_dependency", "data_dependency_agrees", "shared_read_pct",
                        "paper_shared_read_pct", "shared_write_pct", "paper_shared_write_pct", "shared_reads_ratio",
                        "shared_reads_within_2x"), rows);
    }

    /** The agreement in one line for stderr ("beside the paper: parallelism agrees on 6 of 9, ..."); empty without rows. */
    public static Optional<String> line(List<ApplicationResult> apps) {
        Table t = of(apps);
        return t.rows().isEmpty() ? Optional.empty()
                : Optional.of("beside the paper: " + t.note().substring(0, t.note().indexOf(". ") + 1).toLowerCase(Locale.ROOT)
                        + " (paper_comparison.csv)");
    }

    /** "22.8%" → 22.8; "" → NaN (the paper gives no shares for single-threaded programs). */
    private static double pct(String figure) {
        return figure.isEmpty() ? Double.NaN : Double.parseDouble(figure.replace("%", ""));
    }
}
