package com.numa.characterize.diff;

/** What became of one number or label between the two outputs. */
public enum Verdict {
    SAME("same"),
    /** The two sides' ranges (their repeats) overlap: the difference is smaller than the noise, not a change. */
    WITHIN_NOISE("within noise"),
    CHANGED("changed"),
    /** The values differ, but neither side has repeats to tell a change from run-to-run noise. */
    CHANGED_NOISE_UNKNOWN("changed (noise unknown)"),
    ONLY_BEFORE("before only"),
    ONLY_AFTER("after only"),
    NOT_MEASURED("not measured");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
