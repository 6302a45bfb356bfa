package com.numa.characterize.run;

/** The run configurations of the study (ISMM'23 Table 1). */
public enum Configuration {
    /** The cores of one node, memory bound to it: a UMA machine. */
    SINGLE("single", "Single Node"),
    /** As many cores as Single Node, split over two nodes: the same machine, made NUMA. */
    DUAL("dual", "Dual Node"),
    /** Every core of every node. */
    ALL("all", "All Nodes");

    private final String option;
    private final String label;

    Configuration(String option, String label) {
        this.option = option;
        this.label = label;
    }

    /** The spelling of {@code --configs}. */
    public String option() {
        return option;
    }

    /** The paper's name. */
    public String label() {
        return label;
    }

    /** The configuration named {@code option}; IllegalArgumentException naming the valid ones otherwise. */
    public static Configuration of(String option) {
        for (Configuration c : values()) {
            if (c.option.equalsIgnoreCase(option.strip())) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown configuration '" + option + "': use single, dual or all");
    }
}
