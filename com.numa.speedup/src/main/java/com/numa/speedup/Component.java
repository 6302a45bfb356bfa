package com.numa.speedup;

/** The parts of a speedup stack, bottom to top, with the paper's equation that defines each. */
enum Component {
    /** Eq. (1): T_s / T_p. */
    MEASURED("measured", 1),
    /** Eq. (4): (N x T_GC,MT - T_GC,ST) / T_p. */
    GC("gc", 4),
    /** Eq. (5): (N x T_seq,MT - T_seq,ST) / T_p. */
    INITIALIZATION("initialization", 5),
    /** Eq. (6): sum of Sync_i / T_p. */
    SYNCHRONIZATION("synchronization", 6),
    /** Eq. (7): sum of Exit_i / T_p. */
    IMBALANCE("imbalance", 7),
    /** Eq. (7)'s remainder O4: N minus everything above. */
    OTHER("other", 7);

    private final String label;
    private final int equation;

    Component(String label, int equation) {
        this.label = label;
        this.equation = equation;
    }

    String label() {
        return label;
    }

    int equation() {
        return equation;
    }
}
