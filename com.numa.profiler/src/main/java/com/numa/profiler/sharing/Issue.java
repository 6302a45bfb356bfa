package com.numa.profiler.sharing;

/**
 * One row of issues.csv.
 *
 * @param rank      1 = most serious: issues are ranked by score / threshold, so kinds with different units compare
 * @param kind      what it is
 * @param score     in the kind's unit ({@link IssueKind#unit()}), normalised for time and threads as documented
 * @param threshold the score from which this kind is reported
 * @param site      the allocation site (class.method:line), empty for whole-program issues
 * @param type      the allocated type, or the thread types (imbalance)
 * @param words     the fields (name@offset) or element index ranges involved
 * @param threads   which thread wrote or read what
 * @param advice    the fix to try, in Java terms
 * @param evidence  the counts behind the score
 */
public record Issue(int rank, IssueKind kind, double score, double threshold, String site, String type, String words,
        String threads, String advice, String evidence) {

    public double timesThreshold() {
        return threshold > 0 ? score / threshold : Double.POSITIVE_INFINITY;
    }

    Issue ranked(int r) {
        return new Issue(r, kind, score, threshold, site, type, words, threads, advice, evidence);
    }

    /** This issue with {@code note} after its evidence. */
    Issue noted(String note) {
        return new Issue(rank, kind, score, threshold, site, type, words, threads, advice, evidence + "; " + note);
    }
}
