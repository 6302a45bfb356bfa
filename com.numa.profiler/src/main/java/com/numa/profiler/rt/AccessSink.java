package com.numa.profiler.rt;

/**
 * What the hooks report to; the profiler installs its implementation through {@link Hooks#install}. Field accesses
 * come through read/write, array accesses through readArray/writeArray (arrays never carry the injected word).
 */
public interface AccessSink {
    void read(Object o);

    void write(Object o);

    void readArray(Object array, int index);

    void writeArray(Object array, int index);

    void readStatic(int classId);

    void writeStatic(int classId);

    void allocated(Object o, int siteId);

    void explicitGc();

    void controlPoint(int id);
}
