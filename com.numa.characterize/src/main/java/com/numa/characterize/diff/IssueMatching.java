package com.numa.characterize.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * Which issue of the after diagnosis is which of the before one (docs/diff.md, "How issues are matched"). Two issues
 * are the same issue when they have the same kind and the same location: first the exact location (allocation site
 * with its line, type, fields or element range); then, among those left, the same kind, type and allocation site
 * without its line, because a fix usually moves lines and changes the fields or the elements involved (padding a
 * long[4] into a long[64] turns [0..3] into [0..48]) while the data stays the same. Each issue is matched at most once,
 * in rank order. Before's issues left unmatched are fixed (they no longer reach their threshold), after's are new.
 */
public final class IssueMatching {
    /** What became of an issue. */
    public enum Status {
        FIXED("fixed"), NEW("new"), UNCHANGED("unchanged");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One issue of either side, or both.
     *
     * @param before null for a new issue
     * @param after  null for a fixed issue
     */
    public record Match(Status status, Issue before, Issue after) {
        /** The issue as the latest side names it. */
        public Issue issue() {
            return after != null ? after : before;
        }

        /** Its score on both sides, in the kind's unit (one diagnosis per side: the noise is unknown). */
        public NumberChange score() {
            return new NumberChange(issue().location(), issue().kind(), issue().unit(), scoreOf(before), scoreOf(after));
        }

        /** How its location moved between the sides ("" when it did not, or for an issue of one side). */
        public String moved() {
            if (before == null || after == null) {
                return "";
            }
            List<String> moves = new ArrayList<>();
            if (!before.site().equals(after.site())) {
                moves.add("site " + before.site() + " -> " + after.site());
            }
            if (!before.fields().equals(after.fields())) {
                moves.add("fields " + before.fields() + " -> " + after.fields());
            }
            return String.join(", ", moves);
        }

        private static Measured scoreOf(Issue i) {
            return i == null ? Measured.NONE : Measured.once(i.score());
        }
    }

    private IssueMatching() {
    }

    /** Fixed issues first, then new ones, then the unchanged, each in rank order. */
    public static List<Match> match(List<Issue> before, List<Issue> after) {
        List<Issue> leftBefore = new ArrayList<>(before);
        List<Issue> leftAfter = new ArrayList<>(after);
        List<Match> unchanged = new ArrayList<>();
        pair(leftBefore, leftAfter, unchanged, (a, b) -> a.kind().equals(b.kind()) && a.site().equals(b.site())
                && a.type().equals(b.type()) && a.fields().equals(b.fields()));
        pair(leftBefore, leftAfter, unchanged, (a, b) -> a.kind().equals(b.kind()) && a.method().equals(b.method())
                && a.type().equals(b.type()));
        List<Match> out = new ArrayList<>();
        leftBefore.forEach(i -> out.add(new Match(Status.FIXED, i, null)));
        leftAfter.forEach(i -> out.add(new Match(Status.NEW, null, i)));
        unchanged.sort(java.util.Comparator.comparingInt(m -> m.before().rank()));
        out.addAll(unchanged);
        return out;
    }

    private static void pair(List<Issue> before, List<Issue> after, List<Match> into, BiPredicate<Issue, Issue> same) {
        for (Issue a : List.copyOf(before)) {
            Issue b = after.stream().filter(x -> same.test(a, x)).findFirst().orElse(null);
            if (b != null) {
                before.remove(a);
                after.remove(b);
                into.add(new Match(Status.UNCHANGED, a, b));
            }
        }
    }
}
