package com.numa.opt;

/**
 * One Decide step's result: the state, the placement it implies (null: leave threads where they are), how long to
 * sleep before the next step, and the number of decision flips so far.
 */
public record Decision(AppState state, Placement placement, long intervalMs, int migrations) {
}
