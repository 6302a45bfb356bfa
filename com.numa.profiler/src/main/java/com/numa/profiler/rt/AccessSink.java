package com.numa.profiler.rt;

/** What the hooks report to; the profiler installs its implementation through {@link Hooks#install}. */
public interface AccessSink {
    void read(Object o);

    void write(Object o);

    void readStatic(int classId);

    void writeStatic(int classId);

    void allocated(Object o, int siteId);

    void explicitGc();

    void controlPoint(int id);
}
