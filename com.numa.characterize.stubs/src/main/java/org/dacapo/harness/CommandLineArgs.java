package org.dacapo.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * numa-jvm's compile-time stand-in for DaCapo 23.11-chopin's parsed command line, reduced to what a callback reads.
 * As in DaCapo, only the harness builds one (the constructor is package-private; our tests' fake harness calls it
 * reflectively), and a callback receives it in its constructor.
 */
public class CommandLineArgs {
    private final List<String> words;

    CommandLineArgs(String[] args) {
        words = new ArrayList<>(List.of(args));
    }

    /** {@code -n}: how many iterations the harness runs (1 when not given). */
    public int getIterations() {
        return Integer.parseInt(value("-n", "--iterations", "1"));
    }

    /** {@code -s}: the input size ({@code default} when not given). */
    public String getSize() {
        return value("-s", "--size", "default");
    }

    /** {@code -t}: the thread count as given ({@code 0}: the benchmark's own choice). */
    public String getThreadCount() {
        return value("-t", "--thread-count", "0");
    }

    private String value(String shortName, String longName, String otherwise) {
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals(shortName) || words.get(i).equals(longName)) {
                return words.get(i + 1);
            }
        }
        return otherwise;
    }
}
