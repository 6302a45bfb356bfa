package com.numa.characterize.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds, at test time, jars shaped like the real ones: a DaCapo jar (our stubs of its harness classes, a
 * {@code Harness} main that runs {@link FakeDacapoHarness}, {@code META-INF/cnf/<bench>.cnf}), a Renaissance jar
 * (our stub of its plugin API, {@link FakeRenaissanceLauncher} as main class, {@code benchmarks.properties}) and a
 * stand-in for the agent jar (this module's classes, com.numa.core and Jackson in one jar, as shaded).
 */
final class FakeJars {

    private FakeJars() {
    }

    /** A DaCapo-shaped jar with these cnf texts (bench name to text) and extra manifest attributes. */
    static Path dacapo(Path dir, Map<String, String> cnfs, Map<String, String> manifestAttributes) throws IOException {
        Path jar = dir.resolve("dacapo-fake.jar");
        Manifest manifest = manifest(Map.of("Main-Class", "Harness"));
        manifestAttributes.forEach((k, v) -> manifest.getMainAttributes().putValue(k, v));
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            copyClasses(codeSource(org.dacapo.harness.Callback.class), out, n -> n.startsWith("org/dacapo/"), seen);
            copyClasses(codeSource(FakeDacapoHarness.class), out, n -> n.startsWith(internal(FakeDacapoHarness.class)), seen);
            copyClasses(harnessMain(dir), out, n -> n.equals("Harness.class"), seen);
            for (Map.Entry<String, String> cnf : cnfs.entrySet()) {
                put(out, "META-INF/cnf/" + cnf.getKey() + ".cnf", cnf.getValue());
            }
        }
        return jar;
    }

    /** A Renaissance-shaped jar with this {@code benchmarks.properties} text. */
    static Path renaissance(Path dir, String benchmarksProperties) throws IOException {
        Path jar = dir.resolve("renaissance-fake.jar");
        Set<String> seen = new HashSet<>();
        Manifest manifest = manifest(Map.of("Main-Class", FakeRenaissanceLauncher.class.getName()));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            copyClasses(codeSource(org.renaissance.Plugin.class), out, n -> n.startsWith("org/renaissance/"), seen);
            copyClasses(codeSource(FakeRenaissanceLauncher.class), out,
                    n -> n.startsWith(internal(FakeRenaissanceLauncher.class)), seen);
            put(out, "benchmarks.properties", benchmarksProperties);
        }
        return jar;
    }

    /**
     * What the agent jar holds for the child JVM: our adapters (this module's main classes), com.numa.core's
     * {@code MeasurementWindow} and the Jackson it writes with; never the stubs (the harness jar has the real ones).
     */
    static Path agentStandIn(Path dir) throws IOException {
        Path jar = dir.resolve("numa-agent-standin.jar");
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest(Map.of()))) {
            for (String type : List.of(DacapoSuite.class.getName(), "com.numa.core.window.MeasurementWindow",
                    "com.fasterxml.jackson.databind.ObjectMapper", "com.fasterxml.jackson.core.JsonFactory",
                    "com.fasterxml.jackson.annotation.JsonAutoDetect")) {
                copyClasses(codeSource(classNamed(type)), out, n -> !n.startsWith("META-INF/") && !n.endsWith("module-info.class"), seen);
            }
        }
        return jar;
    }

    /** A jar holding just these text entries (no harness). */
    static Path plain(Path dir, String name, Map<String, String> entries) throws IOException {
        Path jar = dir.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest(Map.of()))) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                put(out, e.getKey(), e.getValue());
            }
        }
        return jar;
    }

    /** DaCapo's main class is {@code Harness} in the unnamed package: compiled here, calling {@link FakeDacapoHarness}. */
    private static Path harnessMain(Path dir) throws IOException {
        Path src = dir.resolve("harness-src/Harness.java");
        Path classes = dir.resolve("harness-classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, "public class Harness {\n  public static void main(String[] args) throws Exception {\n"
                + "    " + FakeDacapoHarness.class.getName() + ".main(args);\n  }\n}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("these tests need a JDK (javac), not a JRE");
        }
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, "-d", classes.toString(), "-cp", codeSource(FakeDacapoHarness.class).toString(),
                src.toString());
        if (rc != 0) {
            throw new IllegalStateException("cannot compile the fake Harness main: " + diagnostics.toString(StandardCharsets.UTF_8));
        }
        return classes;
    }

    private static Manifest manifest(Map<String, String> attributes) {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.forEach((k, v) -> m.getMainAttributes().putValue(k, v));
        return m;
    }

    private static void put(JarOutputStream out, String name, String text) throws IOException {
        out.putNextEntry(new JarEntry(name));
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }

    private static String internal(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    private static Class<?> classNamed(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(name + " is not on the test class path", e);
        }
    }

    /** Where {@code type} was loaded from: a classes directory or a jar. */
    static Path codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the class files (and other entries) of a classes directory or jar whose names {@code take} accepts. */
    private static void copyClasses(Path source, JarOutputStream out, Predicate<String> take, Set<String> seen) throws IOException {
        if (Files.isDirectory(source)) {
            try (Stream<Path> files = Files.walk(source)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    String name = source.relativize(f).toString().replace('\\', '/');
                    if (take.test(name) && seen.add(name)) {
                        out.putNextEntry(new JarEntry(name));
                        Files.copy(f, out);
                        out.closeEntry();
                    }
                }
            }
            return;
        }
        try (JarFile jar = new JarFile(source.toFile())) {
            for (JarEntry e : (Iterable<JarEntry>) jar.stream()::iterator) {
                if (!e.isDirectory() && take.test(e.getName()) && seen.add(e.getName())) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    try (InputStream in = jar.getInputStream(e)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
    }
}
