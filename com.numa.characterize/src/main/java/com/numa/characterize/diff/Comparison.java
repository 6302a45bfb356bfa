package com.numa.characterize.diff;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Two outputs of one program compared, before and after a fix: pure, no I/O, so that a test drives it with scripted
 * outputs.
 *
 * @param warnings   what makes the two less comparable: conditions that differ (topology, sampling, thresholds,
 *                   options) and outputs that are not whole, one line each
 * @param categories per application, each category (characterizations only)
 * @param sharing    per application, shared reads and shared writes (% of profiled accesses)
 * @param scaling    per application, Table 6's median times and All Nodes vs Single Node
 * @param issues     fixed, new and unchanged issues (diagnoses only)
 * @param noise      what the noise between runs is known from, and how to learn it where it is not, one line each
 */
public record Comparison(Output before, Output after, List<String> warnings, List<LabelChange> categories,
        List<NumberChange> sharing, List<NumberChange> scaling, List<IssueMatching.Match> issues, List<String> noise) {

    static final String ALL_VS_SINGLE = "All vs Single Node";
    /** The profiler's sampling rate among a profile's conditions (summary.json's configuration). */
    static final String SAMPLING = "NUMAProfilerSampling";

    /** Why the two cannot be compared, one line naming the problem (bad usage), or empty. */
    public static Optional<String> problem(Output before, Output after, boolean anyProgram) {
        if (before.kind() != after.kind()) {
            return Optional.of(before.dir() + " is a " + before.kind().label() + ", " + after.dir() + " a "
                    + after.kind().label() + ": compare two outputs of one kind");
        }
        if (anyProgram) {
            return Optional.empty();
        }
        if (before.kind() == Output.Kind.CHARACTERIZATION) {
            Set<String> common = names(before);
            common.retainAll(names(after));
            if (common.isEmpty()) {
                return Optional.of(before.dir() + " characterizes " + before.program() + ", " + after.dir() + " "
                        + after.program() + ": no application in common (--any-program compares them anyway)");
            }
        } else if (!before.program().isEmpty() && !after.program().isEmpty()
                && !before.program().equals(after.program())) {
            return Optional.of(before.dir() + " is a run of " + before.program() + ", " + after.dir() + " of "
                    + after.program() + ": different programs (--any-program compares them anyway)");
        }
        return Optional.empty();
    }

    /** The comparison; {@link #problem} first. */
    public static Comparison of(Output before, Output after) {
        List<String> warnings = new ArrayList<>(before.warnings());
        warnings.addAll(after.warnings());
        Set<String> conditions = new LinkedHashSet<>(before.conditions().keySet());
        conditions.addAll(after.conditions().keySet());
        for (String c : conditions) {
            String b = before.conditions().getOrDefault(c, "");
            String a = after.conditions().getOrDefault(c, "");
            if (!b.equals(a)) {
                warnings.add("the two ran under different " + c + ": " + show(b) + " before, " + show(a) + " after");
            }
        }
        List<LabelChange> categories = new ArrayList<>();
        List<NumberChange> sharing = new ArrayList<>();
        List<NumberChange> scaling = new ArrayList<>();
        Set<String> names = names(before);
        names.addAll(names(after));
        // a profile's one application is the program: two runs of it compare even when named from their directories
        boolean single = before.kind() != Output.Kind.CHARACTERIZATION;
        for (String name : names) {
            Output.Application b = single ? before.applications().get(0) : find(before, name);
            Output.Application a = single ? after.applications().get(0) : find(after, name);
            String shown = single ? a.name() : name;
            for (String c : OutputReader.CATEGORIES) {
                LabelChange l = new LabelChange(shown, c.replace('_', ' '), b.categories().getOrDefault(c, ""),
                        a.categories().getOrDefault(c, ""));
                if (l.verdict() != Verdict.NOT_MEASURED) {
                    categories.add(l);
                }
            }
            sharing.add(new NumberChange(shown, "shared reads", "%", b.sharedReadPct(), a.sharedReadPct()));
            sharing.add(new NumberChange(shown, "shared writes", "%", b.sharedWritePct(), a.sharedWritePct()));
            for (String config : List.of("single", "dual", "all")) {
                NumberChange t = new NumberChange(shown, config + " median", "ms",
                        b.medianMs().getOrDefault(config, Measured.NONE), a.medianMs().getOrDefault(config, Measured.NONE));
                if (t.verdict() != Verdict.NOT_MEASURED) {
                    scaling.add(t);
                }
            }
            NumberChange ratio = new NumberChange(shown, ALL_VS_SINGLE, "x", allVsSingle(b), allVsSingle(a));
            if (ratio.verdict() != Verdict.NOT_MEASURED) {
                scaling.add(ratio);
            }
            if (single) {
                break;
            }
        }
        sharing.removeIf(n -> n.verdict() == Verdict.NOT_MEASURED);
        List<IssueMatching.Match> issues = before.kind() == Output.Kind.DIAGNOSIS
                ? IssueMatching.match(before.issues(), after.issues()) : List.of();
        return new Comparison(before, after, warnings, categories, sharing, scaling, issues, noise(before, scaling));
    }

    /** Single Node time / All Nodes time, as Table 6 has it, with the range of the two times' iterations. */
    private static Measured allVsSingle(Output.Application a) {
        return a.medianMs().getOrDefault("single", Measured.NONE).over(a.medianMs().getOrDefault("all", Measured.NONE));
    }

    private static List<String> noise(Output before, List<NumberChange> scaling) {
        List<String> out = new ArrayList<>();
        if (scaling.stream().anyMatch(n -> n.before().noiseKnown() || n.after().noiseKnown())) {
            out.add("Table 6: each median time comes with the range of its run's measured iterations (min-max); a "
                    + "difference whose before and after ranges overlap is within noise, not a change. That is the noise "
                    + "within a run; between runs it can be larger (numa diff A1 A2 shows it).");
        } else if (!scaling.isEmpty()) {
            out.add("Table 6: the runs' measured iterations are not there (their runs/ directory was not kept), so the "
                    + "noise of the median times is unknown.");
        }
        String what = before.kind() == Output.Kind.CHARACTERIZATION ? "categories and shared accesses"
                : before.kind() == Output.Kind.DIAGNOSIS ? "shared accesses and issue scores" : "shared accesses";
        out.add(what.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + what.substring(1) + " rest on one run per "
                + "side: the noise between runs is unknown. To see it, run each side twice: numa diff A1 A2 on two runs "
                + "of one side shows the run-to-run noise, and a difference smaller than that is within noise.");
        String sampling = before.conditions().getOrDefault(SAMPLING, "1");
        if (!sampling.equals("1") && !sampling.isEmpty()) {
            out.add("The profiles followed one access in " + sampling + ": their counts and scores are estimates, "
                    + "whose error is part of that run-to-run noise.");
        }
        return out;
    }

    private static Set<String> names(Output o) {
        Set<String> names = new LinkedHashSet<>();
        o.applications().forEach(a -> names.add(a.name()));
        return names;
    }

    private static Output.Application find(Output o, String name) {
        return o.applications().stream().filter(a -> Objects.equals(a.name(), name)).findFirst()
                .orElse(new Output.Application(name, Map.of(), Measured.NONE, Measured.NONE, Map.of()));
    }

    private static String show(String v) {
        return v.isEmpty() ? "(not recorded)" : v;
    }

    /** Issues by status. */
    public long count(IssueMatching.Status status) {
        return issues.stream().filter(m -> m.status() == status).count();
    }
}
