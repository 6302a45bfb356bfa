package com.numa.opt.memory;

import com.numa.core.classification.Imbalance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Carrefour's memory placement rules (Gaud et al., "Challenges of memory management on modern NUMA systems"), pure:
 * sampled page touches in, a {@link Plan} out; no system call. Each rule applies only when it pays:
 * <ul>
 * <li>nothing at all below {@code minSamplesPerSec} (the paper gates on RAM accesses per microsecond; without a PMU the
 * rate of sampled page touches stands in for it);</li>
 * <li>collocation when the local share is below {@code collocateBelowLocalPct} (80): a page touched from one node
 * only, not its own, moves there;</li>
 * <li>interleaving when the memory-controller imbalance (stdev/mean of the samples each node's memory served, Eq. 1's
 * {@link Imbalance}) is above {@code interleaveAbovePct} (35): a page touched from several nodes moves to a node
 * drawn with probability inverse to that node's load, the loads updated as pages are assigned;</li>
 * <li>replication when reads are at least {@code replicateFromReadPct} (95) of the samples: pages read from several
 * nodes and never written; a Java heap page cannot be replicated, so it is {@link Plan.Advice}. Where the source cannot
 * tell reads from writes the rule is off and says so.</li>
 * </ul>
 * A page moved once needs {@code bounceSamples} (2) remote samples since before it moves again (AutoNUMA's guard against
 * page bouncing), counted across intervals. At most {@code maxPagesPerInterval} pages move per interval: pages outside
 * the young generation first (young regions turn over), then those with the most samples; the rest wait for the next
 * interval.
 */
public final class CarrefourRules {

    /** The thresholds; {@link #DEFAULTS} are the paper's (the sample rate and the rate limit are ours). */
    public record Settings(double minSamplesPerSec, double collocateBelowLocalPct, double interleaveAbovePct,
            double replicateFromReadPct, int maxPagesPerInterval, int bounceSamples) {
        public static final Settings DEFAULTS = new Settings(100, 80, 35, 95, 4096, 2);

        public Settings withLimits(double minSamplesPerSec, int maxPagesPerInterval) {
            return new Settings(minSamplesPerSec, collocateBelowLocalPct, interleaveAbovePct, replicateFromReadPct,
                    maxPagesPerInterval, bounceSamples);
        }
    }

    /** Pages remembered for the bounce guard; the oldest are forgotten beyond this. */
    static final int MOVED_LIMIT = 1 << 20;

    private final Settings settings;
    private final SplittableRandom random;
    /** Pages moved so far, with the remote samples each has had since its last move. */
    private final LinkedHashMap<Long, long[]> moved = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, long[]> eldest) {
            return size() > MOVED_LIMIT;
        }
    };

    public CarrefourRules(Settings settings, long seed) {
        this.settings = settings;
        this.random = new SplittableRandom(seed);
    }

    public Settings settings() {
        return settings;
    }

    /** The plan for one interval; the moves it returns are taken as done (the bounce guard counts from them). */
    public Plan decide(Interval in) {
        int n = in.nodes().length;
        long samples = 0;
        long local = 0;
        long writes = 0;
        double[] load = new double[n];
        for (PageTouches p : in.pages()) {
            long t = p.total();
            samples += t;
            int at = in.indexOf(p.node());
            if (at >= 0) {
                local += p.touches()[at];
                load[at] += t;
            }
            if (in.readsKnown()) {
                writes += p.writeTotal();
            }
        }
        double seconds = in.durationNs() / 1e9;
        double rate = seconds > 0 ? samples / seconds : 0;
        double localPct = samples > 0 ? 100.0 * local / samples : 100;
        double imbalancePct = Imbalance.pct(load);
        double readPct = in.readsKnown() && samples > 0 ? 100.0 * (samples - writes) / samples : Double.NaN;
        countRemoteSinceMove(in);

        Plan.Verdict intensity = rate >= settings.minSamplesPerSec() && samples > 0
                ? new Plan.Verdict(true, fmt("%.0f heap samples/s >= %.0f", rate, settings.minSamplesPerSec()))
                : new Plan.Verdict(false, fmt("%.0f heap samples/s below %.0f: not memory-intensive", rate,
                        settings.minSamplesPerSec()));
        if (!intensity.on()) {
            Plan.Verdict off = new Plan.Verdict(false, "not memory-intensive");
            return new Plan(samples, rate, localPct, imbalancePct, readPct, intensity, off, off, off, List.of(),
                    List.of(), 0, 0);
        }
        Plan.Verdict collocation = localPct < settings.collocateBelowLocalPct()
                ? new Plan.Verdict(true, fmt("local %.1f%% < %.0f%%", localPct, settings.collocateBelowLocalPct()))
                : new Plan.Verdict(false, fmt("local %.1f%% >= %.0f%%", localPct, settings.collocateBelowLocalPct()));
        Plan.Verdict interleaving = imbalancePct > settings.interleaveAbovePct()
                ? new Plan.Verdict(true, fmt("imbalance %.1f%% > %.0f%%", imbalancePct, settings.interleaveAbovePct()))
                : new Plan.Verdict(false, fmt("imbalance %.1f%% <= %.0f%%", imbalancePct,
                        settings.interleaveAbovePct()));
        Plan.Verdict replication = !in.readsKnown()
                ? new Plan.Verdict(false, "reads unknown: the source cannot tell reads from writes")
                : readPct >= settings.replicateFromReadPct()
                        ? new Plan.Verdict(true, fmt("reads %.1f%% >= %.0f%%", readPct, settings.replicateFromReadPct()))
                        : new Plan.Verdict(false, fmt("reads %.1f%% < %.0f%%", readPct, settings.replicateFromReadPct()));

        List<Candidate> candidates = new ArrayList<>();
        List<PageTouches> replicable = new ArrayList<>();
        int held = 0;
        for (PageTouches p : in.pages()) {
            int at = in.indexOf(p.node());
            int touching = p.touchingNodes();
            if (at < 0 || touching == 0) {
                continue; // a page whose node is unknown cannot be judged local or remote
            }
            boolean readOnly = in.readsKnown() && p.writeTotal() == 0;
            if (touching == 1) {
                int from = onlyNode(p);
                if (collocation.on() && from != at) {
                    candidates.add(new Candidate(p, in.nodes()[from], Plan.Rule.COLLOCATE));
                }
            } else if (replication.on() && readOnly) {
                replicable.add(p);
            } else if (interleaving.on()) {
                candidates.add(new Candidate(p, -1, Plan.Rule.INTERLEAVE));
            }
        }
        candidates.sort(Comparator.comparing((Candidate c) -> c.page.young())
                .thenComparing(Comparator.comparingLong((Candidate c) -> c.page.total()).reversed())
                .thenComparingLong(c -> c.page.page()));
        List<Plan.Move> moves = new ArrayList<>();
        int deferred = 0;
        double[] projected = load.clone();
        for (Candidate c : candidates) {
            if (!guardAllows(c.page.page())) {
                held++;
                continue;
            }
            int from = c.page.node();
            int to = c.rule == Plan.Rule.COLLOCATE ? c.target : in.nodes()[drawInverse(projected)];
            if (to == from) {
                continue;
            }
            if (moves.size() >= settings.maxPagesPerInterval()) {
                deferred++;
                continue;
            }
            int fromIndex = in.indexOf(from);
            int toIndex = in.indexOf(to);
            projected[fromIndex] -= c.page.total();
            projected[toIndex] += c.page.total();
            moves.add(new Plan.Move(c.page.page(), from, to, c.rule));
            moved.remove(c.page.page());
            moved.put(c.page.page(), new long[] {0});
        }
        return new Plan(samples, rate, localPct, imbalancePct, readPct, intensity, collocation, interleaving,
                replication, List.copyOf(moves), advice(replicable, in.pageSize()), deferred, held);
    }

    /** A planned move that did not happen (the kernel did not move the page): the bounce guard forgets it. */
    public void notMoved(long page) {
        moved.remove(page);
    }

    private record Candidate(PageTouches page, int target, Plan.Rule rule) {
    }

    /** Remote samples of moved pages since their move: the bounce guard's count. */
    private void countRemoteSinceMove(Interval in) {
        for (PageTouches p : in.pages()) {
            long[] since = moved.get(p.page());
            if (since != null) {
                int at = in.indexOf(p.node());
                since[0] += p.total() - (at >= 0 ? p.touches()[at] : 0);
            }
        }
    }

    private boolean guardAllows(long page) {
        long[] since = moved.get(page);
        return since == null || since[0] >= settings.bounceSamples();
    }

    private static int onlyNode(PageTouches p) {
        for (int i = 0; i < p.touches().length; i++) {
            if (p.touches()[i] > 0) {
                return i;
            }
        }
        return -1;
    }

    /** A node index drawn with probability inverse to its (projected) load; an idle node weighs as one sample. */
    private int drawInverse(double[] load) {
        double[] w = new double[load.length];
        double sum = 0;
        for (int i = 0; i < load.length; i++) {
            w[i] = 1.0 / Math.max(1.0, load[i]);
            sum += w[i];
        }
        double r = random.nextDouble() * sum;
        for (int i = 0; i < w.length; i++) {
            r -= w[i];
            if (r < 0) {
                return i;
            }
        }
        return w.length - 1;
    }

    /** Read-only multi-node pages as address ranges, contiguous pages merged, largest first. */
    private static List<Plan.Advice> advice(List<PageTouches> pages, long pageSize) {
        if (pages.isEmpty()) {
            return List.of();
        }
        List<PageTouches> sorted = new ArrayList<>(pages);
        sorted.sort(Comparator.comparingLong(PageTouches::page));
        List<Plan.Advice> out = new ArrayList<>();
        long start = sorted.get(0).page();
        long end = start + pageSize;
        int count = 1;
        int touching = sorted.get(0).touchingNodes();
        String range = sorted.get(0).range();
        for (int i = 1; i < sorted.size(); i++) {
            PageTouches p = sorted.get(i);
            if (p.page() == end && p.range().equals(range)) {
                end += pageSize;
                count++;
                touching = Math.max(touching, p.touchingNodes());
            } else {
                out.add(new Plan.Advice(start, end, count, range, touching));
                start = p.page();
                end = start + pageSize;
                count = 1;
                touching = p.touchingNodes();
                range = p.range();
            }
        }
        out.add(new Plan.Advice(start, end, count, range, touching));
        out.sort(Comparator.comparingInt(Plan.Advice::pages).reversed());
        return List.copyOf(out);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
