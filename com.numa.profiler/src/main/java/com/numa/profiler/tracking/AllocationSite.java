package com.numa.profiler.tracking;

/**
 * Where objects come from: the allocating method and line, and the allocated type (Java spelling, arrays as int[]).
 * {@code stack} is empty, or with -XX:NUMAProfilerSiteDepth=N the N-1 calling frames ("pkg.C.m:line", nearest caller
 * first, joined by ';') that tell this site apart from the same allocation reached through other callers.
 */
public record AllocationSite(int id, String className, String method, int line, String type, boolean array, String stack) {
    AllocationSite(int id, String className, String method, int line, String type, boolean array) {
        this(id, className, method, line, type, array, "");
    }

    public String label() {
        return className + "." + method + (line > 0 ? ":" + line : "") + (stack.isEmpty() ? "" : " < " + stack);
    }
}
