package com.numa.characterize.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * A benchmark-suite jar the user downloaded, checked up front so that a wrong path fails with one clear sentence
 * before any JVM starts. Which suite a jar belongs to is told by what each harness itself needs: DaCapo's callback
 * base class and its {@code META-INF/cnf/<bench>.cnf} descriptions; Renaissance's plugin interface and its
 * {@code benchmarks.properties} metadata.
 */
final class HarnessJar {

    /** The suites we know, with the entries that identify them. */
    enum Kind {
        DACAPO("DaCapo", "dacapo", "org/dacapo/harness/Callback.class", "META-INF/cnf/"),
        RENAISSANCE("Renaissance", "renaissance", "org/renaissance/Plugin.class", "benchmarks.properties");

        final String title;
        final String suiteOption;
        private final String harnessClass;
        private final String benchmarkList;

        Kind(String title, String suiteOption, String harnessClass, String benchmarkList) {
            this.title = title;
            this.suiteOption = suiteOption;
            this.harnessClass = harnessClass;
            this.benchmarkList = benchmarkList;
        }

        private boolean matches(ZipFile zip) {
            return zip.getEntry(harnessClass) != null && zip.stream().anyMatch(e -> e.getName().startsWith(benchmarkList));
        }
    }

    private final Path path;
    private final Kind kind;
    private final Map<String, String> texts;
    private final Attributes mainAttributes;

    private HarnessJar(Path path, Kind kind, Map<String, String> texts, Attributes mainAttributes) {
        this.path = path;
        this.kind = kind;
        this.texts = texts;
        this.mainAttributes = mainAttributes;
    }

    /**
     * Opens {@code jar} as a {@code expected} jar and reads the entries under {@code textPrefix} (the benchmark
     * descriptions); throws IllegalArgumentException saying what is wrong: missing, unreadable, not a zip, no suite
     * we know, or the other suite.
     */
    static HarnessJar open(Path jar, Kind expected, String textPrefix) {
        String suite = expected.suiteOption;
        if (!Files.exists(jar)) {
            throw new IllegalArgumentException("--suite " + suite + ":" + jar + ": no such file (pass the path of the "
                    + expected.title + " jar you downloaded)");
        }
        if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
            throw new IllegalArgumentException("--suite " + suite + ":" + jar + ": not a readable file");
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Kind found = zip.stream().findAny().isEmpty() ? null
                    : expected.matches(zip) ? expected
                    : otherThan(expected).matches(zip) ? otherThan(expected) : null;
            if (found == null) {
                throw new IllegalArgumentException("--suite " + suite + ":" + jar + ": neither a DaCapo jar (it has no "
                        + Kind.DACAPO.harnessClass + " and " + Kind.DACAPO.benchmarkList + ") nor a Renaissance jar (it has no "
                        + Kind.RENAISSANCE.harnessClass + " and " + Kind.RENAISSANCE.benchmarkList + ")");
            }
            if (found != expected) {
                throw new IllegalArgumentException("--suite " + suite + ":" + jar + ": this is a " + found.title
                        + " jar; use --suite " + found.suiteOption + ":" + jar);
            }
            return new HarnessJar(jar, found, readTexts(zip, textPrefix), readManifest(zip));
        } catch (ZipException e) {
            throw new IllegalArgumentException("--suite " + suite + ":" + jar + ": not a jar (not a zip file: "
                    + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("--suite " + suite + ":" + jar + ": cannot read it: " + e.getMessage(), e);
        }
    }

    private static Kind otherThan(Kind kind) {
        return kind == Kind.DACAPO ? Kind.RENAISSANCE : Kind.DACAPO;
    }

    private static Map<String, String> readTexts(ZipFile zip, String prefix) throws IOException {
        Map<String, String> texts = new TreeMap<>();
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
            ZipEntry e = entries.nextElement();
            if (!e.isDirectory() && e.getName().startsWith(prefix)) {
                try (InputStream in = zip.getInputStream(e)) {
                    texts.put(e.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        }
        return Collections.unmodifiableMap(texts);
    }

    private static Attributes readManifest(ZipFile zip) throws IOException {
        ZipEntry e = zip.getEntry("META-INF/MANIFEST.MF");
        if (e == null) {
            return new Attributes();
        }
        try (InputStream in = zip.getInputStream(e)) {
            return new Manifest(in).getMainAttributes();
        }
    }

    Path path() {
        return path;
    }

    Kind kind() {
        return kind;
    }

    /** The text entries read at opening (name to content, in name order). */
    Map<String, String> texts() {
        return texts;
    }

    /** A main attribute of the jar's manifest. */
    Optional<String> manifestAttribute(String name) {
        return Optional.ofNullable(mainAttributes.getValue(name));
    }
}
