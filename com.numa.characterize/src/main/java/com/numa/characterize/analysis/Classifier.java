package com.numa.characterize.analysis;

import com.numa.core.classification.Classification;
import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.ParallelismCategory;
import com.numa.core.classification.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The study's verdict for one application: the categories of {@link Classification} (the rules the Awareness Thread
 * uses too) from Tables 2, 4, 5 and 6, judged against their {@link Evidence}. Below the evidence limits an axis reads
 * Uncertain and the recommendation says what to do instead of what the program is; a figure within a tenth of the
 * threshold that decided it lowers the confidence to medium.
 */
public final class Classifier {
    /** A deciding figure this close to its threshold (relative) makes the verdict medium at best. */
    static final double NEAR_THRESHOLD = 0.10;
    /** Scaling noise allowed above the bound of a program that cannot use more cores before it contradicts it. */
    static final double SCALING_MARGIN = 1.2;

    private final Thresholds t;
    private final int machineCpus;
    private final int nodeCpus;

    /**
     * @param machineCpus the usable CPUs of the whole machine (All Nodes), against which TLP is judged
     * @param nodeCpus    the CPUs of one node (Single Node's), against which "fits on one node" is judged; 0 unknown
     */
    public Classifier(Thresholds thresholds, int machineCpus, int nodeCpus) {
        this.t = thresholds;
        this.machineCpus = machineCpus;
        this.nodeCpus = nodeCpus;
    }

    /**
     * @param p              Table 2 (Single Node)
     * @param sharedReadPct  Table 4, NaN when not profiled
     * @param sharedWritePct Table 4, NaN when not profiled
     * @param locality       Table 5
     * @param scaling        Table 6: All Nodes / Single Node performance, NaN when not both ran
     * @param evidence       what the figures rest on
     * @param allNodesParallelThreads the parallel threads of the All Nodes run; -1 when it did not run
     */
    public Verdict classify(Parallelism p, double sharedReadPct, double sharedWritePct, Locality locality, double scaling,
            Evidence evidence, int allNodesParallelThreads) {
        return classify(p, sharedReadPct, sharedWritePct, locality, scaling, scaling, evidence, allNodesParallelThreads);
    }

    /**
     * As above, with {@code fastestScaling}: Single Node's fastest iteration over All Nodes' fastest, the figure a
     * program that cannot use more cores is held to. A busy machine only adds time, so one slow iteration in a short run
     * moves the median ratio but not this one; a worker starved in every iteration moves both.
     */
    public Verdict classify(Parallelism p, double sharedReadPct, double sharedWritePct, Locality locality, double scaling,
            double fastestScaling, Evidence evidence, int allNodesParallelThreads) {
        List<Evidence.Concern> concerns = new ArrayList<>();
        // a program that sizes its pool by the CPUs it sees has as many threads as Single Node's CPUs there: TLP is
        // judged on the whole machine's run where there is one, and is uncertain where there is none
        int threads = Math.max(p.parallelThreads(), allNodesParallelThreads);
        Classification.ParallelismVerdict pv = Classification.parallelism(p.mainPct(), p.workers().size(), threads,
                p.workImbalancePct(), p.workImbalanceColumn(), machineCpus, t);
        List<Evidence.Concern> parConcerns = new ArrayList<>(
                evidence.parallelismConcerns(pv.category().decidedByImbalance()));
        if (pv.category() == ParallelismCategory.TLP_BOUND && allNodesParallelThreads < 0 && nodeCpus > 0
                && nodeCpus < machineCpus && p.parallelThreads() >= nodeCpus) {
            parConcerns.add(new Evidence.Concern(Confidence.UNCERTAIN, String.format(Locale.ROOT, "its %d parallel "
                    + "thread(s) fill Single Node's %d CPU(s): a program that sizes itself by the CPUs it sees may use "
                    + "more on all nodes; add all to --configs", p.parallelThreads(), nodeCpus)));
        }
        scalingContradicts(pv.category(), p, fastestScaling, evidence).ifPresent(parConcerns::add);
        concerns.addAll(parConcerns);
        ParallelismCategory par = pv.category();
        String why = pv.reason();
        if (p.mainTakesPart()) {
            why += " (main takes part in the work)";
        }
        if (allNodesParallelThreads > p.parallelThreads()) {
            why += " (" + allNodesParallelThreads + " on All Nodes)";
        }
        // main's share decides Single-Threaded against everything else whenever there are workers
        near(concerns, !p.workers().isEmpty(), "main share", p.mainPct(), t.mainSharePct());
        if (par == ParallelismCategory.EMBARRASSINGLY_IMBALANCED || par == ParallelismCategory.IMBALANCED
                || par == ParallelismCategory.EXPLICITLY_PARALLEL) {
            near(concerns, true, "imbalance", p.workImbalancePct(), par == ParallelismCategory.EXPLICITLY_PARALLEL
                    || par == ParallelismCategory.IMBALANCED ? t.imbalancePct() : t.embarrassingImbalancePct());
        }
        if (Evidence.level(parConcerns) == Confidence.UNCERTAIN) {
            why = "uncertain (would be " + par.label() + ": " + why + ")";
            par = ParallelismCategory.UNCERTAIN;
        }
        DataDependency dep = Classification.dataDependency(sharedReadPct, sharedWritePct, t);
        if (dep != null) {
            List<Evidence.Concern> depConcerns = evidence.dependencyConcerns();
            concerns.addAll(depConcerns);
            String figures = f("shared reads %.1f%%, shared writes %.2f%%", sharedReadPct, sharedWritePct);
            near(concerns, true, "shared writes", sharedWritePct, t.sharedWritePct());
            if (dep != DataDependency.READ_WRITE) {
                near(concerns, true, "shared reads", sharedReadPct, t.sharedReadPct());
            }
            if (Evidence.level(depConcerns) == Confidence.UNCERTAIN) {
                why += "; dependencies uncertain (would be " + dep.label() + ": " + figures + ")";
                dep = DataDependency.UNCERTAIN;
            } else {
                why += "; " + figures;
            }
        }
        Boolean localityBound = locality.measured() ? Classification.localityBound(locality.missIncreasePct(), t) : null;
        KernelShares k = locality.kernel();
        if (localityBound != null) {
            why += f("; LLC miss rate +%.1f points from Single to Dual Node", locality.missIncreasePct());
        } else if (k.measured()) {
            localityBound = Classification.localityBoundByRemoteShare(k.remotePct("single"), k.remotePct("dual"), t);
            if (localityBound != null) {
                why += f("; sampled page accesses (NUMA hinting faults) remote: Single Node %s of %d, Dual Node %.1f%% "
                        + "of %d", Double.isNaN(k.remotePct("single")) ? "not sampled" : f("%.1f%%", k.remotePct("single")),
                        k.samples("single"), k.remotePct("dual"), k.samples("dual"));
            }
        }
        if (!Double.isNaN(scaling)) {
            why += f("; All Nodes %.2fx Single Node", scaling);
        }
        Confidence confidence = Evidence.level(concerns);
        String recommendation = recommendation(par, dep, localityBound, scaling, p.parallelThreads(), concerns,
                confidence);
        return new Verdict(par, dep, localityBound, scaling, confidence, concerns, evidence, recommendation, why);
    }

    /**
     * A program that cannot use more cores (Single-Threaded, Embarrassingly Imbalanced) is only as fast on All Nodes
     * as its largest thread allows: All Nodes / Single Node is at most 1 / the largest thread's share of the work, times
     * what the JVM's own threads (JIT, GC) gain from CPUs of their own (100 / the application's share of the JVM's
     * CPU). The largest share is main's for Single-Threaded; for Embarrassingly Imbalanced, n workers with imbalance I
     * (Eq. 1) have one worker at least (1 + I / sqrt(n - 1)) / n of their work. Scaling well past that bound means the
     * per-thread figures missed parallel work (a busy machine can starve a worker in the run they come from), so the
     * category is not given.
     */
    private static Optional<Evidence.Concern> scalingContradicts(ParallelismCategory category, Parallelism p,
            double scaling, Evidence evidence) {
        double share = evidence.appCpuSharePct();
        if (Double.isNaN(scaling) || !(share > 0)) {
            return Optional.empty();
        }
        double largest;
        String figure;
        if (category == ParallelismCategory.SINGLE_THREADED) {
            largest = p.mainPct() / 100;
            figure = f("main's %.0f%% of the work", p.mainPct());
        } else if (category == ParallelismCategory.EMBARRASSINGLY_IMBALANCED && p.workers().size() >= 2) {
            int n = p.workers().size();
            largest = p.workersPct() / 100 * (1 + p.workImbalancePct() / 100 / Math.sqrt(n - 1)) / n;
            figure = f("%d workers at %.0f%% imbalance (%s)", n, p.workImbalancePct(), p.workImbalanceColumn());
        } else {
            return Optional.empty();
        }
        largest = Math.min(1, largest);
        if (!(largest > 0)) {
            return Optional.empty();
        }
        double bound = 1 / largest * 100 / Math.min(100, share);
        if (scaling <= bound * SCALING_MARGIN) {
            return Optional.empty();
        }
        return Optional.of(new Evidence.Concern(Confidence.UNCERTAIN, f("All Nodes ran %.2fx as fast as Single Node, "
                + "more than %s allow (%.2fx at most, with the application at %.0f%% of the JVM's CPU): the per-thread "
                + "figures missed parallel work, e.g. a worker starved in a busy run; re-run on an idle machine or with a "
                + "larger input", scaling, figure, bound, share)));
    }

    private String recommendation(ParallelismCategory par, DataDependency dep, Boolean localityBound, double scaling,
            int parallelThreads, List<Evidence.Concern> concerns, Confidence confidence) {
        if (par == ParallelismCategory.UNCERTAIN) {
            String first = concerns.stream().filter(c -> c.level() == Confidence.UNCERTAIN).map(Evidence.Concern::reason)
                    .findFirst().orElse("the evidence is below the limits");
            return "uncertain: " + first;
        }
        String r = Classification.recommend(par, dep, localityBound, scaling, parallelThreads, nodeCpus, t);
        if (confidence == Confidence.LOW || confidence == Confidence.UNCERTAIN) {
            return "likely: " + r + " (low confidence: see the concerns)";
        }
        return r;
    }

    /** Adds a medium concern when {@code value} is within {@link #NEAR_THRESHOLD} of {@code threshold}. */
    private static void near(List<Evidence.Concern> concerns, boolean applies, String what, double value, double threshold) {
        if (!applies || Double.isNaN(value) || threshold <= 0) {
            return;
        }
        if (Math.abs(value - threshold) <= NEAR_THRESHOLD * threshold) {
            String text = f("%s %.1f%% is near its %.0f%% threshold", what, value, threshold);
            if (concerns.stream().noneMatch(c -> c.reason().equals(text))) {
                concerns.add(new Evidence.Concern(Confidence.MEDIUM, text));
            }
        }
    }

    public Thresholds thresholds() {
        return t;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
