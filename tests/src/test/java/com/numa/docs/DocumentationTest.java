package com.numa.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The user documentation (README.md, docs/, module READMEs, tools/) is a manual: it carries no development history
 * (that is CHANGELOG.md's and the git log's; measurements are bench/results/'s), and its relative links lead to files.
 */
class DocumentationTest {

    private static final Path HOME = Path.of(System.getProperty("numa.home")).toAbsolutePath().normalize();

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
            for (String target : RelativeLinks.broken(md, read(md))) {
                broken.add(HOME.relativize(md) + " -> " + target);
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
        List<Path> pages = new ArrayList<>();
        try {
            Files.walkFileTree(HOME, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skipped = !dir.equals(HOME) && (name.startsWith(".") || name.equals("target")
                            || name.equals("mxbuild") || name.equals("node_modules")
                            || dir.equals(HOME.resolve("bench/results")));
                    return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    if (name.endsWith(".md") && !name.equals("CHANGELOG.md")) {
                        pages.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pages.sort(null);
        return pages;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
