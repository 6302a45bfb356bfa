package com.numa.characterize.report;

import com.numa.characterize.analysis.KernelShares;
import com.numa.characterize.analysis.Locality;
import com.numa.perfutil.locality.LocalityReport;
import com.numa.perfutil.locality.LocalitySites;
import com.numa.characterize.analysis.Parallelism;
import com.numa.characterize.analysis.Verdict;
import com.numa.characterize.run.ApplicationResult;
import com.numa.core.classification.SharingAdvice;
import com.numa.characterize.run.Configuration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.List;
import java.util.Locale;

/** The study's tables (Tables 2, 4, 5, 6 and the categories) from the applications' results, each built once. */
public final class StudyTables {
    private StudyTables() {
    }

    public static List<Table> all(List<ApplicationResult> apps, Provenance p) {
        List<Table> tables = new ArrayList<>(List.of(categories(apps), parallelism(apps, p.countersNote()), sharing(apps),
                locality(apps, p), scaling(apps)));
        if (apps.stream().anyMatch(a -> a.locality().kernel().dualSites().isPresent())) {
            tables.add(localitySites(apps));
        }
        Table paper = PaperComparison.of(apps);
        if (!paper.rows().isEmpty()) {
            tables.add(paper);
        }
        return tables;
    }

    /** Table 2; {@code countersNote}: {@link Provenance#countersNote()}, or "" (see {@code numa merge}). */
    public static Table parallelism(List<ApplicationResult> apps, String countersNote) {
        List<List<String>> rows = new ArrayList<>();
        for (ApplicationResult a : apps) {
            Parallelism t = a.parallelism();
            if (t == null) {
                rows.add(List.of(a.name(), "", "", "", "", "", "", "", "", "", ""));
                continue;
            }
            rows.add(List.of(a.name(), t.workMetric(), num(t.mainPct()), String.valueOf(t.auxiliaries()), num(t.auxiliaryPct()),
                    String.valueOf(t.workers().size()), num(t.workersPct()), num(t.cyclesImbalancePct()),
                    num(t.instructionsImbalancePct()), num(t.accessesImbalancePct()), num(t.jvmInternalPct())));
        }
        return new Table("table2_parallelism.csv", "Table 2: parallelism and balance ("
                + measuredIn(apps, ApplicationResult::parallelismMeasuredIn) + ")",
                join("Shares of the application's work; imbalance = stdev/mean of the workers (Eq. 1). A worker does at "
                        + "least the worker share of the non-main application work; JVM-internal threads apart.", countersNote),
                List.of("application", "work_metric", "main_pct", "auxiliary_threads", "auxiliary_pct", "workers", "workers_pct",
                        "imbalance_c_pct", "imbalance_i_pct", "imbalance_oa_pct", "jvm_internal_pct"), rows,
                "no counters run succeeded (the categories' failures say why)");
    }

    public static Table sharing(List<ApplicationResult> apps) {
        List<List<String>> rows = new ArrayList<>();
        for (ApplicationResult a : apps) {
            rows.add(a.profile() == null ? List.of(a.name(), "", "", "")
                    : List.of(a.name(), num(a.profile().sharedReadPct()), num2(a.profile().sharedWritePct()),
                            String.valueOf(a.profile().accesses())));
        }
        return new Table("table4_sharing.csv", "Table 4: shared accesses (owner = last writer, "
                + measuredIn(apps, ApplicationResult::profiledIn) + ", NUMAProfiler)",
                "Shares of all profiled object accesses: fields and array elements of every type, the JDK's java.util "
                        + "and java.util.concurrent classes included (-XX:NUMAProfilerCoverage=program).",
                List.of("application", "shared_read_pct", "shared_write_pct", "profiled_accesses"), rows,
                "no profile ran (--no-profile, Single Node not among --configs, or the profiled run failed: the "
                        + "categories' failures say which)");
    }

    static Table locality(List<ApplicationResult> apps, Provenance p) {
        List<List<String>> rows = new ArrayList<>();
        boolean any = false;
        KernelShares kernel = KernelShares.NONE;
        for (ApplicationResult a : apps) {
            Locality l = a.locality();
            any |= l.measured();
            KernelShares k = l.kernel();
            if (k.measured() || !kernel.measured() && !k.notMeasured().isEmpty()) {
                kernel = k;
            }
            rows.add(List.of(a.name(), num(l.singleReadMissPct()), num(l.singleWriteMissPct()), num(l.dualReadMissPct()),
                    num(l.dualWriteMissPct()), num(l.dualRemoteReadPct()), num(l.dualRemoteWritePct()),
                    num(k.remotePct("single")), num(k.remotePct("dual")), num(k.remotePct("all")),
                    samples(k, "single"), samples(k, "dual"), samples(k, "all"), migrated(k)));
        }
        String llc = any ? "LLC miss rates of the application threads; remote = share of Dual Node's LLC misses served by "
                + "a remote node (Figure 4)."
                : "LLC miss rates not measured: " + (p.hardwarePmu() ? "the PMU does not count the LLC/node events" : "no PMU")
                        + ".";
        String sampled = kernel.measured() ? " kernel_remote_*_pct: the application threads' " + LocalityReport.LABEL
                + "; kernel_samples_*: how many samples each rests on; pages_migrated: by the kernel during each run "
                + "(single/dual/all). " + kernel.provenance()
                : " Kernel-sampled locality: " + kernel.notMeasured() + ".";
        String neither = "LLC misses: " + (p.hardwarePmu() ? "the PMU does not count the LLC and node events"
                : "no hardware PMU") + ". Remote page accesses sampled from the kernel: " + kernel.notMeasured() + ".";
        return new Table("table5_locality.csv", "Table 5: data locality, Single vs Dual Node", llc + sampled,
                List.of("application", "single_llc_read_miss_pct", "single_llc_write_miss_pct", "dual_llc_read_miss_pct",
                        "dual_llc_write_miss_pct", "dual_remote_read_pct", "dual_remote_write_pct",
                        "single_kernel_remote_pct", "dual_kernel_remote_pct", "all_kernel_remote_pct",
                        "single_kernel_samples", "dual_kernel_samples", "all_kernel_samples", "pages_migrated"), rows,
                neither);
    }

    private static String samples(KernelShares k, String option) {
        return k.samples().containsKey(option) ? String.valueOf(k.samples(option)) : "";
    }

    private static String migrated(KernelShares k) {
        return k.migrated().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(" "));
    }

    /** The sample counts the kernel-sampled Locality-Bound rests on, for the categories' evidence column. */
    private static String kernelEvidence(KernelShares k) {
        if (!k.measured()) {
            return "";
        }
        return "; kernel-sampled page accesses of application threads: " + k.samples().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(java.util.stream.Collectors.joining(", "));
    }

    /** Sites per application in {@link #localitySites}: the long tail is single small objects on one page each. */
    static final int SITES_PER_APPLICATION = 10;

    /**
     * Where Dual Node's sampled heap pages were allocated ({@code --locality-sites}): per application the sites with
     * the most remote samples; the note names the applications whose recording held no object to match.
     */
    static Table localitySites(List<ApplicationResult> apps) {
        List<List<String>> rows = new ArrayList<>();
        List<String> none = new ArrayList<>();
        for (ApplicationResult a : apps) {
            List<LocalitySites.Site> sites = a.locality().kernel().dualSites().orElse(null);
            if (sites == null) {
                continue;
            }
            if (sites.isEmpty()) {
                none.add(a.name());
            }
            for (LocalitySites.Site s : sites.subList(0, Math.min(SITES_PER_APPLICATION, sites.size()))) {
                boolean sized = s.bytes() > 0 || s.type().endsWith("[]");
                rows.add(List.of(a.name(), s.site(), s.type(), String.valueOf(s.objects()),
                        sized ? String.valueOf(s.bytes()) : "",
                        String.valueOf(s.pages()), String.valueOf(s.local()), String.valueOf(s.remote()),
                        num(100 * s.remoteShare())));
            }
        }
        return new Table("locality_sites.csv", "Where Dual Node's sampled heap pages were allocated", "The "
                + SITES_PER_APPLICATION + " allocation sites per application with the most remote samples. Each site's "
                + "sampled objects (JFR's old-object sampler: a few hundred long-lived objects, biased to large ones, at "
                + "their addresses at the end of the run) matched to the heap pages the kernel locality source sampled "
                + "in Dual Node; a small object's samples are its page's; bytes is empty where JFR gives no size (a plain "
                + "object before JDK 18). Best effort: see docs/kernel-locality.md."
                + (none.isEmpty() ? "" : " No row for " + String.join(", ", none) + ": no sampled object of its Dual "
                        + "Node run both survived a collection and lay on a sampled heap page (a longer run gives some)."),
                List.of("application", "site", "type", "objects", "bytes", "sampled_pages", "local_samples",
                        "remote_samples", "remote_pct"), rows);
    }

    static Table scaling(List<ApplicationResult> apps) {
        List<List<String>> rows = new ArrayList<>();
        for (ApplicationResult a : apps) {
            double single = a.medianNs().getOrDefault("single", Double.NaN);
            double all = a.medianNs().getOrDefault("all", Double.NaN);
            rows.add(List.of(a.name(), ms(single), ms(a.medianNs().getOrDefault("dual", Double.NaN)), ms(all),
                    num2(single / all), a.measured()));
        }
        return new Table("table6_scaling.csv", "Table 6: All Nodes vs Single Node",
                "Median measured iteration time (a single application: its run, or each span of its --start-at/--stop-at "
                        + "window); all_vs_single = Single Node time / All Nodes time (above 1: faster on all nodes).",
                List.of("application", "single_median_ms", "dual_median_ms", "all_median_ms", "all_vs_single", "measured"),
                rows, "no configuration's counters run succeeded (the categories' failures say why)");
    }

    static Table categories(List<ApplicationResult> apps) {
        List<List<String>> rows = new ArrayList<>();
        for (ApplicationResult a : apps) {
            Verdict v = a.verdict();
            String expected = a.expected() == null ? "" : a.expected().describe();
            String why = a.expected() == null ? "" : a.expected().why();
            String paper = PaperCategories.of(a.counterpart().isEmpty() ? a.name() : a.counterpart())
                    .map(PaperCategories.Entry::describe).orElse("");
            String failures = String.join("; ", a.failures());
            String warnings = String.join("; ", a.warnings());
            if (v == null) {
                rows.add(List.of(a.name(), "", "", "", "", "", "not characterized: " + failures, "", "", "", "", "", "",
                        expected, "", why, a.counterpart(), paper, failures, warnings));
                continue;
            }
            String dep = v.dataDependency() == null ? "not profiled" : v.dataDependency().label();
            String locality = v.localityBound() == null ? "not measured" : v.localityBound() ? "yes" : "no";
            String matches = a.expected() == null ? ""
                    : String.valueOf(a.expected().accepts(v.parallelism().label(),
                            v.dataDependency() == null ? null : v.dataDependency().label(), v.confidence().label()));
            SharingAdvice.Advice advice = v.advice();
            rows.add(List.of(a.name(), v.parallelism().label(), dep, locality, num2(v.scaling()), v.confidence().label(),
                    v.recommendation(), advice == null ? "" : advice.objects(), advice == null ? "" : advice.changes(),
                    advice == null ? "" : advice.command(), v.reason(), v.concernsText(), v.evidence().describe()
                            + kernelEvidence(a.locality().kernel()), expected, matches, why,
                    a.counterpart(), paper, failures, warnings));
        }
        return new Table("categories.csv", "Categories and recommendations",
                "Parallelism (Figure 2), data dependencies (Figure 3), Locality-Bound (Table 5), scaling (Table 6). "
                        + "confidence: high, medium, low or uncertain (an axis below the evidence limits reads Uncertain); "
                        + "concerns: every reason to doubt the verdict and what to do; evidence: what it rests on; "
                        + "shared_objects, java_change and diagnose_command: for data dependencies, the allocation sites "
                        + "with most of the shared accesses, the change each calls for, and the numa diagnose run that "
                        + "names their fields and elements.",
                List.of("application", "parallelism", "data_dependency", "locality_bound", "all_vs_single", "confidence",
                        "recommendation", "shared_objects", "java_change", "diagnose_command", "reason", "concerns", "evidence", "expected", "matches_expected", "expected_why",
                        "paper_counterpart", "paper_categories", "failures", "warnings"),
                rows);
    }

    /**
     * Where a table's figures were measured, for its heading: the configuration every application's came from, else
     * each application's own.
     */
    static String measuredIn(List<ApplicationResult> apps, Function<ApplicationResult, Optional<Configuration>> where) {
        Map<String, String> byApp = new LinkedHashMap<>();
        apps.forEach(a -> where.apply(a).ifPresent(c -> byApp.put(a.name(), c.label())));
        Set<String> labels = new LinkedHashSet<>(byApp.values());
        if (labels.size() <= 1) {
            return labels.isEmpty() ? "not measured" : labels.iterator().next();
        }
        return byApp.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
    }

    private static String join(String a, String b) {
        return b.isEmpty() ? a : a + " " + b;
    }

    static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
    }

    static String num2(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.2f", v);
    }

    static String ms(double ns) {
        return Double.isNaN(ns) ? "" : String.format(Locale.ROOT, "%.1f", ns / 1e6);
    }
}
