package com.numa.opt;

/**
 * One Decide step's result: the state, the placement it implies (null: leave threads where they are; it can differ
 * from the state's usual placement when confining would cost CPU), how long to sleep before the next step, the number
 * of decision flips so far, and why, in words: which signal or threshold decided.
 */
public record Decision(AppState state, Placement placement, long intervalMs, int migrations, String reason) {
}
