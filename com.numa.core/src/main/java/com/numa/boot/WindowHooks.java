package com.numa.boot;

/**
 * What the bytecode of {@code -XX:NUMAWindowStartAt/StopAt} calls in the application's two methods. In this package, so
 * that the application's classes reach it from the agent jar on the class path while numa-jvm's own classes stay out of
 * their sight; the agent installs where the marks go (com.numa.core.window.MethodWindow). They never throw: they run
 * inside the application's own methods.
 */
public final class WindowHooks {
    /** Where the marks go. */
    public interface Sink {
        void startEntered();

        void stopEntered();

        void stopExited();
    }

    private static volatile Sink sink;

    private WindowHooks() {
    }

    public static void install(Sink s) {
        sink = s;
    }

    public static void startEntered() {
        Sink s = sink;
        if (s != null) {
            s.startEntered();
        }
    }

    public static void stopEntered() {
        Sink s = sink;
        if (s != null) {
            s.stopEntered();
        }
    }

    public static void stopExited() {
        Sink s = sink;
        if (s != null) {
            s.stopExited();
        }
    }
}
