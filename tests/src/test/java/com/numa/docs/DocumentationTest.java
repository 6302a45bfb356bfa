package com.numa.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The user documentation (README.md, docs/, module READMEs, tools/) is a manual: it carries no development history
 * (that is CHANGELOG.md's and the git log's; measurements are bench/results/'s), and its relative links lead to files.
 */
class DocumentationTest {

    private static final Path HOME = Path.of(System.getProperty("numa.home")).toAbsolutePath().normalize();

    /** Markdown links and images: [text](target) with a target that is not a URL or a bare anchor. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    @Test
    void manualCarriesNoDevelopmentHistory() {
        List<String> problems = new ArrayList<>();
        for (Path md : manualPages()) {
            for (DevelopmentHistory.Finding f : DevelopmentHistory.find(read(md))) {
                problems.add(HOME.relativize(md) + " " + f);
            }
        }
        assertTrue(problems.isEmpty(), () -> "development history in the manual (move measurements to a dated file under "
                + "bench/results/ and history to CHANGELOG.md):\n" + String.join("\n", problems));
    }

    @Test
    void relativeLinksResolve() {
        List<String> broken = new ArrayList<>();
        for (Path md : manualPages()) {
            Matcher m = LINK.matcher(withoutCode(read(md)));
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("#") || target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                    continue; // an anchor in the same page, or a URL (https:, mailto:)
                }
                String file = target.replaceFirst("#.*$", "");
                if (!Files.exists(md.getParent().resolve(file).normalize())) {
                    broken.add(HOME.relativize(md) + " -> " + target);
                }
            }
        }
        assertTrue(broken.isEmpty(), () -> "relative links that lead to no file:\n" + String.join("\n", broken));
    }

    @Test
    void theManualIsFound() {
        List<Path> pages = manualPages();
        assertTrue(pages.contains(HOME.resolve("README.md")), "README.md is scanned");
        assertTrue(pages.stream().anyMatch(p -> p.startsWith(HOME.resolve("docs"))), "docs/ is scanned");
        assertTrue(pages.stream().noneMatch(p -> p.startsWith(HOME.resolve("bench/results"))), "results are not");
        assertTrue(pages.stream().noneMatch(p -> p.getFileName().toString().equals("CHANGELOG.md")), "changelog is not");
    }

    /** Every *.md of the checkout except CHANGELOG.md, bench/results/ and build or VCS folders. */
    private static List<Path> manualPages() {
        try (Stream<Path> files = Files.walk(HOME)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(p -> !p.getFileName().toString().equals("CHANGELOG.md"))
                    .filter(p -> !p.startsWith(HOME.resolve("bench/results")))
                    .filter(p -> HOME.relativize(p).toString().split("/").length == 1 || !excludedFolder(HOME.relativize(p)))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean excludedFolder(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.equals("target") || name.equals("mxbuild") || name.equals("node_modules")
                    || (name.startsWith(".") && !name.equals(".ci"))) {
                return true;
            }
        }
        return false;
    }

    /** Fenced code blocks and inline code hold commands, not links. */
    private static String withoutCode(String text) {
        return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
