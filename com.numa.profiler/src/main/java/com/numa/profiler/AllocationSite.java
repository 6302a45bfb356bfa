package com.numa.profiler;

/** Where objects come from: the allocating method and line, and the allocated type (Java spelling, arrays as int[]). */
record AllocationSite(int id, String className, String method, int line, String type, boolean array) {
    String label() {
        return className + "." + method + (line > 0 ? ":" + line : "");
    }
}
