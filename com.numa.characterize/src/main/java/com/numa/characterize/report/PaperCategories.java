package com.numa.characterize.report;

import java.util.Map;
import java.util.Optional;

/**
 * What the ISMM'23 study found for its benchmarks (figures quoted from its §4.1 and Tables 4 and 6), for the report's
 * "ours beside the paper's" column. Shared read/write % are Table 4's; the parallelism category is §4.1's
 * classification; Locality-Bound marks Table 6's grey rows.
 */
final class PaperCategories {

    /** The paper's row for one benchmark. */
    record Entry(String parallelism, String sharedReads, String sharedWrites, boolean localityBound) {
        String describe() {
            return parallelism + (sharedReads.isEmpty() ? "" : ", shared R " + sharedReads + " / W " + sharedWrites)
                    + (localityBound ? ", Locality-Bound" : "");
        }
    }

    private static final Map<String, Entry> ENTRIES = Map.ofEntries(
            Map.entry("fop", new Entry("Single-Threaded", "", "", false)),
            Map.entry("luindex", new Entry("Single-Threaded", "", "", false)),
            Map.entry("jython", new Entry("Single-Threaded", "", "", false)),
            Map.entry("dotty", new Entry("Single-Threaded", "", "", false)),
            Map.entry("mnemonics", new Entry("Single-Threaded", "", "", false)),
            Map.entry("als", new Entry("TLP-Bound", "7.7%", "0.1%", false)),
            Map.entry("chi-square", new Entry("TLP-Bound", "27.1%", "0%", false)),
            Map.entry("gauss-mix", new Entry("TLP-Bound", "35.8%", "0%", false)),
            Map.entry("log-regression", new Entry("TLP-Bound", "1.7%", "0.2%", false)),
            Map.entry("movie-lens", new Entry("TLP-Bound", "29.9%", "0.4%", false)),
            Map.entry("neo4j-analytics", new Entry("TLP-Bound", "38.1%", "0%", false)),
            Map.entry("par-mnemonics", new Entry("Embarrassingly Imbalanced", "47.9%", "0%", false)),
            Map.entry("rx-scrabble", new Entry("Embarrassingly Imbalanced", "48.2%", "0%", false)),
            Map.entry("avrora", new Entry("Imbalanced", "62.3%", "2.5%", false)),
            Map.entry("pmd", new Entry("Imbalanced", "34.9%", "0.2%", false)),
            Map.entry("akka-uct", new Entry("Imbalanced", "67.2%", "0.9%", false)),
            Map.entry("reactors", new Entry("Imbalanced", "57.1%", "5.3%", false)),
            Map.entry("fj-kmeans", new Entry("Imbalanced", "59%", "0.1%", true)),
            Map.entry("future-genetic", new Entry("Imbalanced", "35.3%", "0.9%", false)),
            Map.entry("scala-stm-bench7", new Entry("Imbalanced", "35%", "0%", false)),
            Map.entry("h2", new Entry("Explicitly Parallel", "36.5%", "1.7%", false)),
            Map.entry("lusearch", new Entry("Explicitly Parallel", "22.8%", "0.2%", false)),
            Map.entry("sunflow", new Entry("Explicitly Parallel", "83.8%", "0%", false)),
            Map.entry("xalan", new Entry("Explicitly Parallel", "15.9%", "3.1%", false)),
            Map.entry("naive-bayes", new Entry("Explicitly Parallel", "3.2%", "0.2%", false)),
            Map.entry("db-shootout", new Entry("Explicitly Parallel", "22.9%", "2.0%", false)),
            Map.entry("scrabble", new Entry("Explicitly Parallel", "47.2%", "0%", true)),
            Map.entry("philosophers", new Entry("Explicitly Parallel", "51.5%", "2.5%", false)));

    private PaperCategories() {
    }

    static Optional<Entry> of(String benchmark) {
        return Optional.ofNullable(ENTRIES.get(benchmark));
    }
}
