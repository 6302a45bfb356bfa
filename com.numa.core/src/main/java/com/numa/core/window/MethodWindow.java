package com.numa.core.window;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The measured window of an application that marks no iterations, given by two of its methods
 * ({@code -XX:NUMAWindowStartAt} / {@code -XX:NUMAWindowStopAt}; {@code numa characterize --start-at/--stop-at}): it
 * opens at an entry of the start method and closes at the exit (return or exception) of the stop method that leaves no
 * activation of it running, so a stop method run by several threads, or recursively, closes it at its last exit. Each
 * such span is one measured iteration of {@link MeasurementWindow}, so everything that already follows the marked
 * iterations follows it: PerfUtil's {@code scope=window} rows (from the first entry to the last exit), the profiler
 * under {@code -XX:+NUMAProfilerIterations} (inside the spans) and the iteration times numa characterize reads. Entries
 * of the start method while the window is open change nothing; one after it closed opens the next span.
 *
 * <p>The calls come from bytecode the agent inserts into the two methods (com.numa.profiler.MethodWindowMarks); nothing
 * else calls them. They never throw: they run inside the application's own methods.
 */
public final class MethodWindow {
    /** Every warning about a method window starts with this, so numa characterize finds them in a child's stderr. */
    public static final String WARNING_PREFIX = "method window: ";

    /** The benchmark name of the iteration lines a method window writes. */
    public static final String LABEL = "method-window";

    private static final AtomicInteger STOP_ACTIVATIONS = new AtomicInteger();
    private static volatile boolean open;
    private static volatile boolean startEntered;
    private static volatile boolean stopEntered;
    private static volatile int spans;

    private MethodWindow() {
    }

    /** An entry of the start method: opens the window unless it is open. */
    public static void startEntered() {
        if (!startEntered) {
            startEntered = true;
        }
        if (!open) {
            openSpan();
        }
    }

    /** The window opens now, before the application's main method: only a stop method was named. */
    public static void openAtStart() {
        openSpan();
    }

    /** An entry of the stop method. */
    public static void stopEntered() {
        if (!stopEntered) {
            stopEntered = true;
        }
        STOP_ACTIVATIONS.incrementAndGet();
    }

    /** An exit of the stop method: the last running activation's exit closes the window. */
    public static void stopExited() {
        if (STOP_ACTIVATIONS.decrementAndGet() <= 0 && open) {
            closeSpan();
        }
    }

    private static synchronized void openSpan() {
        if (open) {
            return;
        }
        try {
            open = true;
            MeasurementWindow.iterationStarted(LABEL, spans + 1, false);
        } catch (Throwable t) {
            // the application's method goes on; the run is then measured without this edge
        }
    }

    private static synchronized void closeSpan() {
        if (!open || STOP_ACTIVATIONS.get() > 0) {
            return; // another thread entered the stop method meanwhile: its exit closes the window
        }
        try {
            open = false;
            spans++;
            MeasurementWindow.iterationEnded(LABEL, spans, false, true);
        } catch (Throwable t) {
            // as above
        }
    }

    /** Whether the start method was ever entered. */
    public static boolean startMethodEntered() {
        return startEntered;
    }

    /** Whether the stop method was ever entered. */
    public static boolean stopMethodEntered() {
        return stopEntered;
    }

    /** Whether the window is open now (at exit: the stop method never returned after the last opening). */
    public static boolean isOpen() {
        return open;
    }

    /** How many spans closed so far. */
    public static int closedSpans() {
        return spans;
    }

    /**
     * Checks a method name as {@code -XX:NUMAWindowStartAt}, {@code -XX:NUMAProfilerStartAt} and their companions take
     * it: the class's binary name and the method's, {@code pkg.Class.method} ({@code pkg.Outer$Inner.method} for a
     * nested class); every overload of that name matches. Empty means none. Returns the name stripped, or throws
     * IllegalArgumentException saying what was expected.
     */
    public static String checkMethodName(String value) {
        String v = value.strip();
        if (v.isEmpty()) {
            return v;
        }
        String[] parts = v.split("\\.", -1);
        boolean ok = parts.length >= 2;
        for (String p : parts) {
            ok &= !p.isEmpty() && Character.isJavaIdentifierStart(p.charAt(0))
                    && p.chars().allMatch(Character::isJavaIdentifierPart);
        }
        if (!ok) {
            throw new IllegalArgumentException(EXPECTED);
        }
        return v;
    }

    /** What {@link #checkMethodName} expects. */
    public static final String EXPECTED = "a method as pkg.Class.method (the class's binary name, pkg.Outer$Inner for a "
            + "nested class; every overload matches; constructors and lambdas cannot be named)";
}
