package com.numa.core.classification;

/**
 * Figure 3's data-dependency categories (ISMM'23 §4.2), plus {@link #UNCERTAIN} where the profile is below the
 * documented limits ({@link Evidence}).
 */
public enum DataDependency {
    DATA_PARALLEL("Data Parallel"), READ_WRITE("Read & Write Dependencies"), READ_ONLY("Read-Only Dependencies"),
    UNCERTAIN("Uncertain");

    private final String label;

    DataDependency(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
