package com.numa.profiler.rt;

/**
 * The static methods instrumented bytecode calls. Kept tiny and free of dependencies because it is appended to the
 * bootstrap class path (so JDK classes and every class loader can see it); all work happens in the installed sink.
 * Null receivers are ignored: the instruction that follows throws the NullPointerException the program expects.
 */
public final class Hooks {
    private static volatile AccessSink sink;
    /** Access hooks count only while profiling is on; allocations are always tagged so owners stay known. */
    private static volatile boolean active;

    private Hooks() {
    }

    public static void install(AccessSink s) {
        sink = s;
    }

    public static void setActive(boolean on) {
        active = on;
    }

    public static boolean isActive() {
        return active;
    }

    public static void read(Object o) {
        if (active && o != null) {
            sink.read(o);
        }
    }

    public static void write(Object o) {
        if (active && o != null) {
            sink.write(o);
        }
    }

    public static void readStatic(int classId) {
        if (active) {
            sink.readStatic(classId);
        }
    }

    public static void writeStatic(int classId) {
        if (active) {
            sink.writeStatic(classId);
        }
    }

    public static void allocated(Object o, int siteId) {
        AccessSink s = sink;
        if (s != null && o != null) {
            s.allocated(o, siteId);
        }
    }

    public static void explicitGc() {
        AccessSink s = sink;
        if (s != null) {
            s.explicitGc();
        }
    }

    public static void controlPoint(int id) {
        AccessSink s = sink;
        if (s != null) {
            s.controlPoint(id);
        }
    }
}
