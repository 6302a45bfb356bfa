package com.numa.profiler.instrument;

import java.util.ArrayDeque;

/**
 * Pairs each NEW with the INVOKESPECIAL &lt;init&gt; that initialises it (javac nests them properly), and tells when a
 * constructor's own {@code this} becomes initialised. Before that, {@code this} may not be passed to any method, so
 * hooks must not touch it. One instance per method; fed by the visitor that owns it.
 */
final class NewInitPairing {
    private final ArrayDeque<boolean[]> pendingNews = new ArrayDeque<>(); // each: {followedByDup}
    private boolean expectDup;
    private boolean thisUninitialized;

    NewInitPairing(String methodName) {
        this.thisUninitialized = "<init>".equals(methodName);
    }

    /** True while in a constructor before its super(...)/this(...) call. */
    boolean thisUninitialized() {
        return thisUninitialized;
    }

    void onNew() {
        pendingNews.push(new boolean[] {false});
        expectDup = true;
    }

    /** Any instruction other than NEW/&lt;init&gt;; {@code dup} tells whether it is DUP. */
    void onOther(boolean dup) {
        if (expectDup && dup && !pendingNews.isEmpty()) {
            pendingNews.peek()[0] = true;
        }
        expectDup = false;
    }

    /**
     * An INVOKESPECIAL &lt;init&gt;: returns true when it initialises an object made by NEW in this method whose
     * reference was DUPed, so the initialised object is on top of the stack right after the call.
     */
    boolean onInit() {
        expectDup = false;
        if (pendingNews.isEmpty()) {
            thisUninitialized = false; // super(...) or this(...)
            return false;
        }
        return pendingNews.pop()[0];
    }
}
