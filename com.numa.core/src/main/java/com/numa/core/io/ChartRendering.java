package com.numa.core.io;

import java.io.IOException;
import java.util.Optional;

/**
 * Draws the reports' charts where Java's font and graphics stack loads, and gives them up with one reason where it
 * does not. On a server or container without the font libraries (libfreetype, libharfbuzz, fontconfig) the JDK fails
 * on the first text a chart measures; the tables, JSON and reports are then written without their figures, instead of
 * a whole run's results being lost at the last step. The first failure is kept for the JVM: the font stack does not
 * load later either.
 */
public final class ChartRendering {
    /** What makes charts drawable, in the words of the common distributions. */
    public static final String FIX = "install the font libraries (Debian/Ubuntu: apt-get install libfreetype6 "
            + "libharfbuzz0b fontconfig fonts-dejavu-core; RHEL/Fedora: dnf install freetype harfbuzz fontconfig "
            + "dejavu-sans-fonts), or run with a JDK that bundles them";
    private static final String[] GRAPHICS_PACKAGES = {"java.awt.", "sun.awt.", "sun.font.", "sun.java2d.",
        "javax.imageio."};
    private static volatile String failure;

    /** One drawing: the bytes of a chart (PNG, SVG). */
    @FunctionalInterface
    public interface Drawing {
        byte[] draw() throws IOException;
    }

    private ChartRendering() {
    }

    /**
     * The drawing's bytes, or empty where charts cannot be drawn in this JVM. A failure outside the graphics stack (a
     * bug in the chart's own code) is not hidden: it is rethrown.
     */
    public static Optional<byte[]> draw(Drawing drawing) throws IOException {
        if (failure != null) {
            return Optional.empty();
        }
        try {
            return Optional.of(drawing.draw());
        } catch (OutOfMemoryError | StackOverflowError e) {
            throw e;
        } catch (Error | RuntimeException e) {
            if (!(e instanceof LinkageError) && !fromGraphicsStack(e)) {
                throw e;
            }
            failure = describe(e);
            return Optional.empty();
        }
    }

    /** One line for stderr and the report where a chart could not be drawn; empty while every chart was drawn. */
    public static Optional<String> failure() {
        String f = failure;
        return f == null ? Optional.empty() : Optional.of("figures not drawn: Java's font and graphics stack did not "
                + "load (" + f + "); the tables and reports are complete without them; fix: " + FIX);
    }

    /** Forgets the failure (tests). */
    static void reset() {
        failure = null;
    }

    private static boolean fromGraphicsStack(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            for (StackTraceElement e : c.getStackTrace()) {
                for (String p : GRAPHICS_PACKAGES) {
                    if (e.getClassName().startsWith(p)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The innermost cause, which names the missing library or setting. */
    private static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
