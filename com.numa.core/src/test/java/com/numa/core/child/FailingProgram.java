package com.numa.core.child;

/**
 * A program whose main throws {@code IllegalStateException("boom")} after a line on each stream: the application
 * failure every tool must report first, with the exception.
 */
public final class FailingProgram {
    private FailingProgram() {
    }

    public static void main(String[] args) {
        System.out.println("running");
        System.err.println("a line on stderr before the exception");
        throw new IllegalStateException("boom");
    }
}
