package com.numa.characterize.validation;

import com.numa.characterize.suite.AcceptableCategories;
import java.util.List;

/**
 * One program of the validation corpus, as the registry names it.
 *
 * @param name        the benchmark name ({@code --bench}, tables)
 * @param mainClass   its main class in numa-validation.jar
 * @param arguments   its positional arguments: {@code {threads}} is the run's thread count, {@code {2threads}} twice
 *                    that, and a number ending in {@code *} is multiplied by the size's scale (small 1, default 4,
 *                    large 16); one ending in {@code *c} is a contended per-thread amount, also multiplied by 2 /
 *                    threads, so that all threads together do what 2 threads do: threads that take turns at one lock
 *                    or word take longer the more of them there are, and on 16 CPUs the plain amounts ran for minutes;
 *                    other numbers stay as they are (the runs too short to judge keep their tiny size)
 * @param truth       the categories the study may answer, and why
 * @param minimumJava the oldest Java feature version it runs on
 * @param does        what it does, in one line (docs and report)
 */
public record ValidationProgram(String name, String mainClass, List<String> arguments, AcceptableCategories truth,
        int minimumJava, String does) {

    public ValidationProgram {
        arguments = List.copyOf(arguments);
    }

    /** The arguments for {@code threads} threads at {@code scale}. */
    public List<String> arguments(int threads, int scale) {
        return arguments.stream().map(a -> a.equals("{threads}") ? Integer.toString(threads)
                : a.equals("{2threads}") ? Integer.toString(2 * threads)
                        : a.endsWith("*c") ? Long.toString(Math.max(1, number(a, 2) * scale * 2 / threads))
                                : a.endsWith("*") ? Long.toString(number(a, 1) * scale) : a)
                .toList();
    }

    private static long number(String argument, int suffix) {
        return Long.parseLong(argument.substring(0, argument.length() - suffix));
    }
}
