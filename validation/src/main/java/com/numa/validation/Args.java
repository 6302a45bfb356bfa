package com.numa.validation;

/** Positional arguments of the programs: each is a positive whole number with a default, or the program stops with usage. */
final class Args {
    private Args() {
    }

    /** {@code args[index]} as a positive int, or {@code otherwise} when absent. */
    static int positive(String[] args, int index, String name, int otherwise) {
        if (args.length <= index) {
            return otherwise;
        }
        try {
            int v = Integer.parseInt(args[index].strip());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below, with the argument's name
        }
        throw new IllegalArgumentException("argument " + (index + 1) + " (" + name + ") must be a positive whole number, not '"
                + args[index] + "'");
    }
}
