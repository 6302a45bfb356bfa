package com.numa.gc.heap;

/**
 * The generation an object counts in, by the number of collections it survived. The research heap copies every
 * survivor at every collection (a semispace), so generations only decide placement in the HotSpot models and the
 * per-generation access counts.
 */
public enum Generation {
    /** Not yet collected: eden in HotSpot's terms. */
    YOUNG,
    /** Survived 1 to {@link #TENURE_AGE}-1 collections. */
    SURVIVOR,
    /** Survived {@link #TENURE_AGE} collections or more: tenured. */
    OLD;

    /**
     * Collections an object survives before it counts as old. HotSpot adapts its tenuring threshold (up to 15); a
     * fixed small value keeps the model simple and lets long-lived objects reach the old generation in short traces.
     */
    public static final int TENURE_AGE = 3;

    static Generation ofAge(int age) {
        return age == 0 ? YOUNG : age < TENURE_AGE ? SURVIVOR : OLD;
    }
}
