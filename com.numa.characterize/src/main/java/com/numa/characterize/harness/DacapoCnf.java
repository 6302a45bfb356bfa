package com.numa.characterize.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What we need of a DaCapo benchmark description ({@code META-INF/cnf/<bench>.cnf}): its name, its thread model and,
 * per input size, its thread limit. DaCapo refuses to run a per-CPU benchmark when {@code -t} exceeds the size's
 * limit, and ignores {@code -t} for single-threaded ones, so the suite decides {@code -t} from these.
 *
 * @param name         the benchmark's name ({@code benchmark <name>})
 * @param threadModel  {@code single}, {@code fixed} or {@code per_cpu}
 * @param threadLimits size name to thread limit (0: no limit), in the file's order
 */
record DacapoCnf(String name, String threadModel, Map<String, Integer> threadLimits) {
    static final String SINGLE = "single";
    static final String PER_CPU = "per_cpu";

    DacapoCnf {
        threadLimits = Collections.unmodifiableMap(new LinkedHashMap<>(threadLimits));
    }

    /** True when {@code -t} sets its worker threads. */
    boolean takesThreadCount() {
        return PER_CPU.equals(threadModel);
    }

    /**
     * Reads the keywords we need and skips the rest: quoted strings (arguments, descriptions), comments and the
     * punctuation of DaCapo's description grammar. {@code where} names the file in an error.
     */
    static DacapoCnf parse(String text, String where) {
        List<String> words = words(text);
        String name = null;
        String model = SINGLE;
        Map<String, Integer> limits = new LinkedHashMap<>();
        String size = null;
        for (int i = 0; i + 1 < words.size(); i++) {
            String w = words.get(i);
            String next = words.get(i + 1);
            switch (w) {
                case "benchmark" -> name = name == null ? next : name;
                case "thread-model" -> model = next;
                case "size" -> {
                    size = next;
                    limits.put(size, 0);
                }
                case "thread-limit" -> {
                    if (size != null) {
                        limits.put(size, parseLimit(next, where));
                    }
                }
                default -> {
                    // not one we need
                }
            }
        }
        if (name == null) {
            throw new IllegalArgumentException(where + ": no 'benchmark <name>' in it");
        }
        return new DacapoCnf(name, model, limits);
    }

    private static int parseLimit(String word, String where) {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": thread-limit '" + word + "' is not a number", e);
        }
    }

    /** The unquoted words of {@code text}; quoted strings and comments become separators. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = text.indexOf('"', i + 1);
                while (end > 0 && text.charAt(end - 1) == '\\') {
                    end = text.indexOf('"', end + 1);
                }
                i = end < 0 ? text.length() : end + 1;
                flush(word, words);
            } else if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
                flush(word, words);
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
                flush(word, words);
            } else if (Character.isWhitespace(c) || c == ',' || c == ';') {
                flush(word, words);
                i++;
            } else {
                word.append(c);
                i++;
            }
        }
        flush(word, words);
        return words;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString());
            word.setLength(0);
        }
    }
}
