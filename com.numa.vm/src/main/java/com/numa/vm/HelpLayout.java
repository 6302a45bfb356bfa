package com.numa.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;

/**
 * Help text that never splits a flag name: picocli wraps with {@link java.text.BreakIterator}'s line rules, which
 * allow a break after the colon of {@code -XX:}, so {@code -XX:+PerfUtil} could end one line and start the next as
 * {@code +PerfUtil}. Each section's rendering is mended afterwards: a line ending in {@code -XX:} gives it to the
 * start of the next line, which may then run a few columns past the usage width.
 */
final class HelpLayout {
    private static final String PREFIX = "-XX:";

    private HelpLayout() {
    }

    /** Mends every help section of {@code cli} and of its subcommands. */
    static void keepFlagsWhole(CommandLine cli) {
        Map<String, IHelpSectionRenderer> sections = cli.getHelpSectionMap();
        for (Map.Entry<String, IHelpSectionRenderer> e : sections.entrySet()) {
            IHelpSectionRenderer plain = e.getValue();
            e.setValue(help -> mend(plain.render(help)));
        }
        cli.setHelpSectionMap(sections);
        cli.getSubcommands().values().forEach(HelpLayout::keepFlagsWhole);
    }

    /** The text with each {@code -XX:} that ends a line moved to the start of the next line's text. */
    static String mend(String text) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (int i = 0; i + 1 < lines.size(); i++) {
            String line = lines.get(i).stripTrailing();
            String next = lines.get(i + 1);
            String rest = next.stripLeading();
            if (!line.endsWith(PREFIX) || rest.isEmpty() || rest.startsWith(" ")) {
                continue;
            }
            int cut = line.lastIndexOf(' ') + 1; // the whole token: "(-XX:" stays together too
            String token = line.substring(cut);
            String kept = line.substring(0, cut).stripTrailing();
            if (kept.isBlank()) {
                continue; // the token is the line: moving it would leave an empty line
            }
            lines.set(i, kept);
            lines.set(i + 1, next.substring(0, next.length() - rest.length()) + token + rest);
        }
        String joined = String.join(System.lineSeparator(), lines);
        return text.endsWith("\n") ? joined + System.lineSeparator() : joined;
    }
}
