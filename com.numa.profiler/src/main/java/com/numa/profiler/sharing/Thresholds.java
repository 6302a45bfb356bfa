package com.numa.profiler.sharing;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The score an issue must reach to be reported, per kind (NumaPerf reports only issues above a threshold, to have no
 * false alarms). Written {@code kind=value,...}; kinds not named keep their defaults ({@link IssueKind}).
 */
public record Thresholds(Map<IssueKind, Double> byKind) {
    public static final Thresholds DEFAULTS = parse("");

    public Thresholds {
        byKind = Map.copyOf(byKind);
    }

    public double of(IssueKind k) {
        return byKind.get(k);
    }

    /**
     * Parses {@code remote=100,false-sharing=0.1,...}.
     *
     * @throws IllegalArgumentException naming the bad part and the right spelling
     */
    public static Thresholds parse(String spec) {
        Map<IssueKind, Double> m = new EnumMap<>(IssueKind.class);
        for (IssueKind k : IssueKind.values()) {
            m.put(k, k.defaultThreshold());
        }
        for (String part : spec.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            IssueKind k = eq < 0 ? null : IssueKind.of(part.substring(0, eq));
            double v;
            try {
                v = eq < 0 ? -1 : Double.parseDouble(part.substring(eq + 1).trim());
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (k == null || !(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("kind=score pairs separated by commas, kinds "
                        + String.join(", ", labels()) + " and scores >= 0, not '" + part.trim() + "'");
            }
            m.put(k, v);
        }
        return new Thresholds(m);
    }

    private static String[] labels() {
        IssueKind[] ks = IssueKind.values();
        String[] out = new String[ks.length];
        for (int i = 0; i < ks.length; i++) {
            out[i] = ks[i].label();
        }
        return out;
    }

    /** The spec that parses back to this. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        for (IssueKind k : IssueKind.values()) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(k.label()).append('=').append(String.format(Locale.ROOT, "%s", trim(byKind.get(k))));
        }
        return sb.toString();
    }

    /** The spec (what a flag prints as its value). */
    @Override
    public String toString() {
        return format();
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
