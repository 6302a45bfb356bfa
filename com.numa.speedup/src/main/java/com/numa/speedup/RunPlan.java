package com.numa.speedup;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What the user asked for, checked before any JVM starts: the thread counts (1 is the baseline T_s) and the java
 * arguments with their {@code {threads}} placeholder.
 */
record RunPlan(List<Integer> threadCounts, List<String> javaArguments, int repeat) {
    static final String PLACEHOLDER = "{threads}";

    /** Bad input the user must fix; its message is one line. */
    static final class BadInput extends Exception {
        BadInput(String message) {
            super(message);
        }
    }

    static RunPlan of(List<Integer> threads, List<String> javaArguments, int repeat) throws BadInput {
        if (threads == null || threads.isEmpty()) {
            throw new BadInput("--threads is required, e.g. --threads 1,2,4");
        }
        for (int n : threads) {
            if (n < 1) {
                throw new BadInput("--threads: " + n + " is not a thread count (must be 1 or more)");
            }
        }
        if (!threads.contains(1)) {
            throw new BadInput("--threads must include 1: the single-threaded run is the baseline T_s of every speedup");
        }
        if (threads.size() < 2) {
            throw new BadInput("--threads needs a count above 1 besides the baseline 1, e.g. --threads 1,2");
        }
        if (repeat < 1) {
            throw new BadInput("--repeat must be 1 or more, got " + repeat);
        }
        if (javaArguments == null || javaArguments.isEmpty()) {
            throw new BadInput("no java arguments: put them after --, e.g. -- -cp app.jar Main {threads}");
        }
        if (javaArguments.stream().noneMatch(a -> a.contains(PLACEHOLDER))) {
            throw new BadInput("the java arguments contain no " + PLACEHOLDER
                    + ": put it where the application takes its thread count, e.g. -- -cp app.jar Main " + PLACEHOLDER);
        }
        return new RunPlan(List.copyOf(new TreeSet<>(threads)), List.copyOf(javaArguments), repeat);
    }

    /** The java arguments for {@code n} threads. */
    List<String> argumentsFor(int n) {
        List<String> out = new ArrayList<>(javaArguments.size());
        for (String a : javaArguments) {
            out.add(a.replace(PLACEHOLDER, Integer.toString(n)));
        }
        return out;
    }
}
