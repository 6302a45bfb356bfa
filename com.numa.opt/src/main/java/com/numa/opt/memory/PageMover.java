package com.numa.opt.memory;

/**
 * The only hands {@link CarrefourStep} has on memory: where pages are, and moving them. The real one is
 * {@link SyscallPageMover} (move_pages to ask, mbind to move); tests script one.
 */
interface PageMover {

    /** Each page's real node now, or a negative errno (-2, ENOENT: no page there now). */
    int[] nodesOf(long[] pages);

    /**
     * Moves {@code pages} to real node {@code node}; returns each page's status after the call: its node, or a
     * negative errno. A call that fails as a whole throws, with the kernel's reason.
     */
    int[] move(long[] pages, int node);
}
