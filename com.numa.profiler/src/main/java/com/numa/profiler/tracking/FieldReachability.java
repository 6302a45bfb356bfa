package com.numa.profiler.tracking;

/**
 * Whether instrumented code can ever access an instance field of a class: what the instrumentation knows
 * (instrument.FieldReach) and the runtime asks at allocation. Instances whose fields it cannot reach are counted but
 * kept out of the side table, where their owner word would never be read.
 */
public interface FieldReachability {
    /** True unless instrumented code can never access an instance field of {@code c} (not an array class). */
    boolean fieldsReachable(Class<?> c);

    /**
     * Changes when a class found unreachable may have become reachable: answers given under an older version are stale.
     * Read before asking {@link #fieldsReachable}.
     */
    int version();
}
