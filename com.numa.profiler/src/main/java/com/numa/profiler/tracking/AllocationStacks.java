package com.numa.profiler.tracking;

import java.util.Iterator;

/**
 * -XX:NUMAProfilerSiteDepth=N (N > 1): tells an allocation site apart by the N-1 frames that called the allocating
 * method, so a factory or a collection's internal allocation shows which caller's objects are shared. Each tagged
 * allocation walks those frames ({@link StackWalker}, lazily: only the frames needed) and looks the (site, frames)
 * pair up in the {@link SiteRegistry}; this costs a few microseconds per allocation, which is why it is off (N = 1).
 */
public final class AllocationStacks {
    /** The hooks the allocating method called: the frame below them is the allocating method. */
    private static final String HOOKS = com.numa.profiler.rt.Hooks.class.getName();
    private static final String WORD_HOOKS = com.numa.profiler.rt.WordHooks.class.getName();
    private final int callers;
    private final SiteRegistry registry;
    private final StackWalker walker = StackWalker.getInstance();

    /** {@code depth}: frames per site, the allocating method's included (≥ 2). */
    public AllocationStacks(int depth, SiteRegistry registry) {
        this.callers = depth - 1;
        this.registry = registry;
    }

    /** The site of an allocation at static site {@code siteId} made by the calling thread's current stack. */
    int siteFor(int siteId) {
        String stack = walker.walk(this::callers);
        return stack.isEmpty() ? siteId : registry.stackSite(siteId, stack);
    }

    /** Loads what a walk needs, before any hook runs (see ProfilerRuntime#warmUp). */
    void warmUp() {
        walker.walk(this::callers);
    }

    /** Skips the profiler's frames (up to the hooks) and the allocating method, then names up to {@code callers} frames. */
    private String callers(java.util.stream.Stream<StackWalker.StackFrame> frames) {
        Iterator<StackWalker.StackFrame> it = frames.iterator();
        boolean hookSeen = false;
        boolean allocatingMethodSeen = false;
        StringBuilder b = new StringBuilder();
        int named = 0;
        while (it.hasNext() && named < callers) {
            StackWalker.StackFrame f = it.next();
            boolean hook = f.getClassName().equals(HOOKS) || f.getClassName().equals(WORD_HOOKS);
            if (hook || !hookSeen) { // a sampled hook's own slow path is a frame more
                hookSeen |= hook;
                continue;
            }
            if (!allocatingMethodSeen) {
                allocatingMethodSeen = true;
                continue;
            }
            if (named++ > 0) {
                b.append(';');
            }
            b.append(f.getClassName()).append('.').append(f.getMethodName());
            int line = f.getLineNumber();
            if (line > 0) {
                b.append(':').append(line);
            }
        }
        return b.toString();
    }
}
