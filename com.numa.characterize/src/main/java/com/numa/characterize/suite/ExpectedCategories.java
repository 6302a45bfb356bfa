package com.numa.characterize.suite;

/**
 * The categories a benchmark is known to belong to (Figures 2 and 3 of the ISMM'23 paper).
 *
 * @param parallelism    Single-Threaded, TLP-Bound, Embarrassingly Imbalanced, Imbalanced or Explicitly Parallel
 * @param dataDependency Data Parallel, Read & Write Dependencies or Read-Only Dependencies
 */
public record ExpectedCategories(Parallelism parallelism, DataDependency dataDependency) {

    /** Figure 2's parallelism and balance categories. */
    public enum Parallelism {
        SINGLE_THREADED("Single-Threaded"), TLP_BOUND("TLP-Bound"), EMBARRASSINGLY_IMBALANCED("Embarrassingly Imbalanced"),
        IMBALANCED("Imbalanced"), EXPLICITLY_PARALLEL("Explicitly Parallel");

        private final String label;

        Parallelism(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Figure 3's data-dependency categories. */
    public enum DataDependency {
        DATA_PARALLEL("Data Parallel"), READ_WRITE("Read & Write Dependencies"), READ_ONLY("Read-Only Dependencies");

        private final String label;

        DataDependency(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
