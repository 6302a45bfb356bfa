package com.numa.opt.memory;

import com.numa.perfutil.linux.Errno;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import com.numa.opt.memory.CarrefourPlacement.Line;

/**
 * One Carrefour step of the Awareness Thread: the heap samples since the last step ({@link HeapTouches}), each page's
 * node now ({@link PageMover#nodesOf}), {@link CarrefourRules}' plan, the moves done ({@link PageMover#move}) and the
 * decision log's lines. A failed move is counted and logged, never thrown. With {@code logOnly} nothing moves and the
 * lines say what would have.
 */
final class CarrefourStep {
    /** Pages whose node we set, remembered for pages move_pages then cannot see (the scanner unmapped them). */
    private static final int MOVED_TO_LIMIT = 1 << 18;
    private static final int ADVICE_SHOWN = 3;

    private final HeapTouches touches;
    private final PageMover mover;
    private final CarrefourRules rules;
    private final int[] nodes;
    private final long pageSize;
    private final boolean logOnly;
    private final Map<Long, Integer> movedTo = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Integer> eldest) {
            return size() > MOVED_TO_LIMIT;
        }
    };
    private final Map<String, String> verdicts = new LinkedHashMap<>();
    private final java.util.Set<Long> advised = new java.util.HashSet<>();
    private int steps;
    private long collocated;
    private long interleaved;
    private long failed;
    private long held;
    private long deferred;
    private long advicePages;

    CarrefourStep(HeapTouches touches, PageMover mover, CarrefourRules rules, int[] nodes, long pageSize,
            boolean logOnly) {
        this.touches = touches;
        this.mover = mover;
        this.rules = rules;
        this.nodes = nodes.clone();
        this.pageSize = pageSize;
        this.logOnly = logOnly;
    }

    /** Decides and acts on the samples of the last {@code durationNs}; the lines to log. */
    List<Line> step(long durationNs) {
        steps++;
        List<HeapTouches.Drained> drained = touches.drain();
        long[] addresses = new long[drained.size()];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = drained.get(i).page();
        }
        int[] now = addresses.length == 0 ? new int[0] : mover.nodesOf(addresses);
        List<PageTouches> pages = new ArrayList<>(drained.size());
        for (int i = 0; i < addresses.length; i++) {
            HeapTouches.Drained d = drained.get(i);
            int node = now[i] >= 0 ? now[i] : movedTo.getOrDefault(d.page(), d.sampledNode());
            pages.add(new PageTouches(d.page(), d.range(), node, d.touches(), null));
        }
        Plan plan = rules.decide(new Interval(nodes, durationNs, pageSize, pages, false));
        List<Line> lines = new ArrayList<>();
        String figures = figures(plan);
        verdict(lines, "memory-carrefour", plan.intensity(), figures);
        if (plan.intensity().on()) {
            verdict(lines, "memory-collocate", plan.collocation(), figures);
            verdict(lines, "memory-interleave", plan.interleaving(), figures);
            verdict(lines, "memory-replicate", plan.replication(), figures + "; a heap page cannot be replicated"
                    + " (one address, one frame): read-only shared pages become advice");
        }
        held += plan.bounceHeld();
        deferred += plan.deferred();
        for (Plan.Rule rule : Plan.Rule.values()) {
            List<Plan.Move> moves = plan.moves(rule);
            if (!moves.isEmpty()) {
                lines.add(apply(rule, moves, plan, figures));
            }
        }
        Line advice = advice(plan.advice(), figures);
        if (advice != null) {
            lines.add(advice);
        }
        return lines;
    }

    /** One line when a rule's verdict changes (on, or off for another reason than before). */
    private void verdict(List<Line> lines, String action, Plan.Verdict v, String figures) {
        String state = (v.on() ? "on: " : "off: ") + v.why().replaceAll("[0-9.]+", "#");
        if (!state.equals(verdicts.put(action, state))) {
            lines.add(new Line(action, (v.on() ? "on: " : "off: ") + v.why() + " (" + figures + ")"));
        }
    }

    private Line apply(Plan.Rule rule, List<Plan.Move> moves, Plan plan, String figures) {
        String what = rule == Plan.Rule.COLLOCATE ? "collocate: " + plan.collocation().why()
                : "interleave: " + plan.interleaving().why();
        String action = rule == Plan.Rule.COLLOCATE ? "memory-collocate" : "memory-interleave";
        Map<Integer, List<Plan.Move>> byTarget = new TreeMap<>();
        for (Plan.Move m : moves) {
            byTarget.computeIfAbsent(m.to(), k -> new ArrayList<>()).add(m);
        }
        if (logOnly) {
            return new Line("log-only:" + action, what + "; would move " + pagesAndBytes(moves.size()) + " "
                    + targets(byTarget) + tail(plan) + " (" + figures + ")");
        }
        long done = 0;
        Map<String, Integer> why = new TreeMap<>();
        for (Map.Entry<Integer, List<Plan.Move>> e : byTarget.entrySet()) {
            long[] pages = e.getValue().stream().mapToLong(Plan.Move::page).toArray();
            int[] status;
            try {
                status = mover.move(pages, e.getKey());
            } catch (RuntimeException ex) {
                status = new int[pages.length];
                java.util.Arrays.fill(status, Integer.MIN_VALUE);
                why.merge(String.valueOf(ex.getMessage()).replace(',', ';'), pages.length, Integer::sum);
            }
            for (int i = 0; i < pages.length; i++) {
                if (status[i] == e.getKey()) {
                    done++;
                    movedTo.put(pages[i], e.getKey());
                } else {
                    rules.notMoved(pages[i]);
                    if (status[i] != Integer.MIN_VALUE) {
                        why.merge(status[i] >= 0 ? "left on node " + status[i] : Errno.name(-status[i]), 1,
                                Integer::sum);
                    }
                }
            }
        }
        long notMoved = moves.size() - done;
        failed += notMoved;
        if (rule == Plan.Rule.COLLOCATE) {
            collocated += done;
        } else {
            interleaved += done;
        }
        return new Line(action, what + "; " + pagesAndBytes(done) + " moved " + targets(byTarget)
                + (notMoved > 0 ? ", " + notMoved + " not moved " + why : "") + tail(plan) + " (" + figures + ")");
    }

    private String tail(Plan plan) {
        return (plan.bounceHeld() > 0 ? ", " + plan.bounceHeld() + " held by the bounce guard" : "")
                + (plan.deferred() > 0 ? ", " + plan.deferred() + " deferred by the rate limit ("
                        + rules.settings().maxPagesPerInterval() + " pages per interval)" : "");
    }

    private static String targets(Map<Integer, List<Plan.Move>> byTarget) {
        StringBuilder sb = new StringBuilder("(");
        byTarget.forEach((node, m) -> sb.append(sb.length() > 1 ? " " : "").append("to node ").append(node)
                .append(": ").append(m.size()));
        return sb.append(')').toString();
    }

    /** New advice only: a range advised before is not repeated. */
    private Line advice(List<Plan.Advice> advice, String figures) {
        List<Plan.Advice> fresh = advice.stream().filter(a -> advised.add(a.start())).toList();
        if (fresh.isEmpty()) {
            return null;
        }
        int pages = fresh.stream().mapToInt(Plan.Advice::pages).sum();
        advicePages += pages;
        StringBuilder sb = new StringBuilder("replicate per node (a heap page cannot be replicated: one address, one"
                + " frame; keep one copy of this read-mostly data per node): ").append(pages)
                .append(" read-only pages read from several nodes");
        for (Plan.Advice a : fresh.subList(0, Math.min(ADVICE_SHOWN, fresh.size()))) {
            sb.append(String.format(Locale.ROOT, "; [0x%x-0x%x) %s %d pages from %d nodes", a.start(), a.end(),
                    a.range(), a.pages(), a.nodes()));
        }
        if (fresh.size() > ADVICE_SHOWN) {
            sb.append("; ").append(fresh.size() - ADVICE_SHOWN).append(" more ranges");
        }
        return new Line("memory-replicate-advice", sb + " (" + figures + ")");
    }

    private String pagesAndBytes(long pages) {
        return String.format(Locale.ROOT, "%d pages (%d bytes)", pages, pages * pageSize);
    }

    private static String figures(Plan p) {
        return String.format(Locale.ROOT, "samples %d, %.0f/s, local %.1f%%, imbalance %.1f%%, reads %s", p.samples(),
                p.samplesPerSec(), p.localPct(), p.imbalancePct(),
                Double.isNaN(p.readPct()) ? "unknown" : String.format(Locale.ROOT, "%.1f%%", p.readPct()));
    }

    /** Key=value pairs for the decision log's summary line (no spaces inside a value). */
    String summary() {
        return "memory_steps=" + steps + " pages_collocated=" + collocated + " pages_interleaved=" + interleaved
                + " bytes_moved=" + (collocated + interleaved) * pageSize + " move_failures=" + failed
                + " bounce_held=" + held + " rate_deferred=" + deferred + " replication_advice_pages=" + advicePages
                + " samples_dropped=" + touches.dropped();
    }

    long pagesMoved() {
        return collocated + interleaved;
    }
}
