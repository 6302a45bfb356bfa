package com.numa.core.flags;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * One HotSpot-style flag, declared once: name, type, default, one-line description and the parser that validates a
 * value. Booleans are written {@code -XX:+Name} / {@code -XX:-Name}, everything else {@code -XX:Name=value}. Every
 * entry point (launcher, agent argument string, mx vm, tests) parses through these declarations.
 *
 * @param <T> the value type
 */
public final class Flag<T> {

    /** Thrown by value parsers; the message explains what was expected. */
    public static final class BadValue extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadValue(String expected) {
            super(expected);
        }
    }

    private final String name;
    private final String type;
    private final T defaultValue;
    private final String description;
    private final Function<String, T> parser;

    private Flag(String name, String type, T defaultValue, String description, Function<String, T> parser) {
        this.name = Objects.requireNonNull(name);
        this.type = type;
        this.defaultValue = defaultValue;
        this.description = description;
        this.parser = parser;
    }

    public static Flag<Boolean> bool(String name, boolean def, String description) {
        return new Flag<>(name, "bool", def, description, new BoolValue(name));
    }

    public static Flag<Integer> integer(String name, int def, int min, int max, String description) {
        return new Flag<>(name, "int", def, description, new IntValue(min, max));
    }

    public static Flag<Double> decimal(String name, double def, double min, double max, String description) {
        return new Flag<>(name, "double", def, description, new DecimalValue(min, max));
    }

    /** A free-form string (a path, a pattern list); "" means unset. */
    public static Flag<String> string(String name, String def, String description) {
        return new Flag<>(name, "string", def, description, new StringValue());
    }

    /** A string checked by a custom validator that throws {@link BadValue} with what it expected. */
    public static <T> Flag<T> custom(String name, String type, T def, String description, Function<String, T> parser) {
        return new Flag<>(name, type, def, description, parser);
    }

    /** One of an enum's constants, written in lower case with '-' for '_' (e.g. {@code last-writer}). */
    public static <E extends Enum<E>> Flag<E> choice(String name, Class<E> type, E def, String description) {
        ChoiceValue<E> parser = new ChoiceValue<>(type.getEnumConstants());
        return new Flag<>(name, parser.spellings("|"), def, description, parser);
    }

    /** Comma-separated list; the empty string is the empty list. */
    public static Flag<List<String>> list(String name, List<String> def, String description) {
        return new Flag<>(name, "list", List.copyOf(def), description, new ListValue());
    }

    /*
     * The parsers of the built-in types are small named classes, not lambdas: flags are declared in premain, before the
     * application's main, where every lambda is a class spun at run time (about a millisecond each there).
     */

    private record BoolValue(String name) implements Function<String, Boolean> {
        @Override
        public Boolean apply(String v) {
            throw new BadValue("a boolean flag: write -XX:+" + name + " or -XX:-" + name);
        }
    }

    private record IntValue(int min, int max) implements Function<String, Integer> {
        @Override
        public Integer apply(String v) {
            try {
                int i = Integer.parseInt(v.trim());
                if (i < min || i > max) {
                    throw new BadValue("an integer in [" + min + ", " + max + "]");
                }
                return i;
            } catch (NumberFormatException e) {
                throw new BadValue("an integer in [" + min + ", " + max + "]");
            }
        }
    }

    private record DecimalValue(double min, double max) implements Function<String, Double> {
        @Override
        public Double apply(String v) {
            try {
                double d = Double.parseDouble(v.trim());
                if (!(d >= min && d <= max)) {
                    throw new BadValue("a number in [" + min + ", " + max + "]");
                }
                return d;
            } catch (NumberFormatException e) {
                throw new BadValue("a number in [" + min + ", " + max + "]");
            }
        }
    }

    private static final class ChoiceValue<E extends Enum<E>> implements Function<String, E> {
        private final E[] values;

        ChoiceValue(E[] values) {
            this.values = values;
        }

        String spellings(String separator) {
            StringJoiner j = new StringJoiner(separator);
            for (E e : values) {
                j.add(spell(e));
            }
            return j.toString();
        }

        @Override
        public E apply(String v) {
            for (E e : values) {
                if (spell(e).equalsIgnoreCase(v.trim())) {
                    return e;
                }
            }
            throw new BadValue("one of [" + spellings(", ") + "]");
        }
    }

    private static final class StringValue implements Function<String, String> {
        @Override
        public String apply(String v) {
            return v;
        }
    }

    private static final class ListValue implements Function<String, List<String>> {
        @Override
        public List<String> apply(String v) {
            if (v.isBlank()) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            for (String s : v.split(",")) {
                String t = s.trim();
                if (!t.isEmpty()) {
                    out.add(t);
                }
            }
            return List.copyOf(out);
        }
    }

    /** The spelling of an enum constant as a flag value. */
    public static String spell(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public String name() {
        return name;
    }

    /** The type as printed by -XX:+PrintNUMAFlags: bool, int, double, string, list, or the choices a|b|c. */
    public String type() {
        return type;
    }

    public T defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    public boolean isBoolean() {
        return "bool".equals(type);
    }

    /** Parses a value written on the command line; throws {@link BadValue} saying what was expected. */
    public T parse(String value) {
        return parser.apply(value);
    }

    /** The value as it would be written after '=' (lists joined by ','). */
    public String format(Object value) {
        if (value instanceof Enum<?> e) {
            return spell(e);
        }
        if (value instanceof List<?> l) {
            return String.join(",", l.stream().map(String::valueOf).toList());
        }
        return String.valueOf(value);
    }

    @Override
    public String toString() {
        return "-XX:" + name;
    }
}
