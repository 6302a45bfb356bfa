package com.numa.opt.memory;

import java.util.List;

/**
 * What {@link CarrefourRules} decided for one interval: the global figures, each rule's verdict (on, or off and why),
 * the page moves (already rate-limited, best first), the replication advice, and what was held back.
 *
 * @param samples        heap samples in the interval
 * @param samplesPerSec  their rate (the memory-intensity gate)
 * @param localPct       samples whose page was on the touching thread's node, %
 * @param imbalancePct   memory-controller imbalance: stdev/mean of the samples each node's memory served, %
 * @param readPct        reads among the samples, %; NaN when the source cannot tell
 * @param deferred       candidate moves left for later intervals by the rate limit
 * @param bounceHeld     pages moved before that have not had two more remote samples since
 */
public record Plan(long samples, double samplesPerSec, double localPct, double imbalancePct, double readPct,
        Verdict intensity, Verdict collocation, Verdict interleaving, Verdict replication, List<Move> moves,
        List<Advice> advice, int deferred, int bounceHeld) {

    /** A rule's verdict for the interval: on or off, and the figures that decided it. */
    public record Verdict(boolean on, String why) {
    }

    /** Which rule asked for a move. */
    public enum Rule { COLLOCATE, INTERLEAVE }

    /** Move {@code page} from real node {@code from} to real node {@code to}. */
    public record Move(long page, int from, int to, Rule rule) {
    }

    /**
     * Pages read from several nodes and never written: the paper replicates them, a Java heap page cannot be (one
     * virtual address, one frame), so they become advice. {@code [start, end)} covers {@code pages} sampled pages
     * (contiguous ones merged), touched from {@code nodes} nodes.
     */
    public record Advice(long start, long end, int pages, String range, int nodes) {
    }

    /** The moves of one rule. */
    public List<Move> moves(Rule rule) {
        return moves.stream().filter(m -> m.rule() == rule).toList();
    }
}
