package com.numa.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds development history in a user document: the manual speaks of the product in the present tense, while
 * history belongs in the git log and CHANGELOG.md and measurements in dated files under bench/results/.
 */
final class DevelopmentHistory {

    /** One finding: the line (1-based), what kind of history, and the text that matched. */
    record Finding(int line, String kind, String text) {
        @Override
        public String toString() {
            return "line " + line + ": " + kind + " '" + text + "'";
        }
    }

    private record Rule(String kind, Pattern pattern) {}

    private static final List<Rule> RULES = List.of(
            // "session", "Session 12", "the eighth session"; a code name such as `perfutil.session` is not history.
            new Rule("session", Pattern.compile("(?<![.`/\\w])sessions?\\b(?![`.\\w])", Pattern.CASE_INSENSITIVE)),
            // A commit hash: 7 to 40 lowercase hex digits holding both a digit and a letter, standing alone. Word
            // characters on either side keep out 0x1f2e3d4c, raw event codes (r01c4, r4f2e3d1) and identifiers.
            new Rule("commit hash", Pattern.compile(
                    "(?<![\\w.-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\\w-])")),
            new Rule("load average", Pattern.compile("\\bload averages?\\b", Pattern.CASE_INSENSITIVE)),
            // A date of work (2026-11-22). A dated result file's name (bench/results/2026-11-22-topic.md), which the
            // manual links to, continues with a hyphen.
            new Rule("date", Pattern.compile("(?<![\\w/-])20\\d\\d-[01]\\d-[0-3]\\d(?![\\w-])")));

    private DevelopmentHistory() {}

    static List<Finding> find(String text) {
        List<Finding> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            for (Rule rule : RULES) {
                Matcher m = rule.pattern().matcher(lines[i]);
                while (m.find()) {
                    found.add(new Finding(i + 1, rule.kind(), m.group()));
                }
            }
        }
        return found;
    }
}
