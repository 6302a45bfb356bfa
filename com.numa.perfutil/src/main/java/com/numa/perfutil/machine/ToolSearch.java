package com.numa.perfutil.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Where the doctor looks for programs ({@code PATH}), shared libraries (the linker's usual directories) and JDKs
 * ({@code JAVA_HOME}, the running JVM, {@code /usr/lib/jvm/*}); a test passes directories of a scripted tree.
 */
public record ToolSearch(List<Path> binDirs, List<Path> libDirs, List<Path> jdkHomes) {

    /** The usual places on this machine (under {@code root}), with {@code env}'s PATH and JAVA_HOME. */
    public static ToolSearch system(MachineRoot root, Map<String, String> env) {
        List<Path> bin = new ArrayList<>();
        for (String d : env.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin").split(":")) {
            if (!d.isBlank()) {
                bin.add(root.path(d));
            }
        }
        List<Path> lib = new ArrayList<>();
        for (String d : List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
                "/usr/local/lib", "/lib64", "/lib")) {
            lib.add(root.path(d));
        }
        Set<Path> jdks = new LinkedHashSet<>();
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            jdks.add(root.path(javaHome));
        }
        if (root.root().equals(Path.of("/"))) {
            jdks.add(Path.of(System.getProperty("java.home")));
        }
        Path jvm = root.path("/usr/lib/jvm");
        if (Files.isDirectory(jvm)) {
            try (Stream<Path> s = Files.list(jvm)) {
                s.sorted().forEach(jdks::add);
            } catch (IOException e) {
                // an unreadable /usr/lib/jvm: the JDKs named by JAVA_HOME and the running one remain
            }
        }
        return new ToolSearch(bin, lib, List.copyOf(jdks));
    }

    /** The first executable {@code name} on the program path, or null. */
    public String program(String name) {
        for (Path d : binDirs) {
            Path p = d.resolve(name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** The first {@code name.so*} (e.g. libpapi.so.7) in the library directories, or null. */
    public String library(String name) {
        for (Path d : libDirs) {
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.list(d)) {
                String found = s.map(p -> p.getFileName().toString()).filter(f -> f.startsWith(name + ".so"))
                        .sorted().findFirst().orElse(null);
                if (found != null) {
                    return d.resolve(found).toString();
                }
            } catch (IOException e) {
                // unreadable directory: look in the next one
            }
        }
        return null;
    }

    /** Each JDK home holding bin/java, as "home (version)", without duplicates of the same real directory. */
    public List<String> jdks() {
        List<String> out = new ArrayList<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (Path home : jdkHomes) {
            if (!Files.isExecutable(home.resolve("bin/java"))) {
                continue;
            }
            Path real;
            try {
                real = home.toRealPath();
            } catch (IOException e) {
                real = home.normalize();
            }
            if (seen.add(real)) {
                out.add(real + " (" + version(real) + ")");
            }
        }
        return out;
    }

    /** JAVA_VERSION from the JDK's {@code release} file, else "version unknown". */
    private static String version(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return line.substring("JAVA_VERSION=".length()).replace("\"", "").strip();
                }
            }
        } catch (IOException e) {
            // no release file (an exploded build): the version stays unknown
        }
        return "version unknown";
    }
}
