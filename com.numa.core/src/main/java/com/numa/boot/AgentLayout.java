package com.numa.boot;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Where the packaged agent jar keeps its classes ({@value #PREFIX}, class files named {@code *}{@value #CLASS_SUFFIX}),
 * and the plain copy of them for the cases where the application calls numa-jvm itself. JDK only: the entry points use
 * this before any other class of ours can be loaded.
 */
public final class AgentLayout {
    /** The folder of the jar that holds every class and resource of numa-jvm but this package's. */
    public static final String PREFIX = "numa-inst/";
    /** What a class file's name ends with under {@link #PREFIX}: no class loader of the application looks for it. */
    public static final String CLASS_SUFFIX = ".classdata";
    /**
     * The agent flag that puts numa-jvm's classes where the application can call them (the system class loader).
     * Declared as a flag in {@code com.numa.core.flags.CoreFlags}; read here, by name, before any flag parser exists.
     */
    public static final String API_FLAG = "NUMAAgentApi";
    /** The agent flag with which a bad flag ends the JVM instead of turning numa-jvm off (numa vm gives it). */
    public static final String STRICT_FLAG = "NUMAStrictFlags";
    /** On-demand profiling is driven by the application (numa-junit's spans), so it needs the API as well. */
    public static final String ON_DEMAND_FLAG = "NUMAProfilerOnDemand";

    private AgentLayout() {
    }

    /** The jar entry of a class loader resource name ({@code a/B.class} or any other resource). */
    public static String entryName(String resource) {
        return PREFIX + (resource.endsWith(".class")
                ? resource.substring(0, resource.length() - ".class".length()) + CLASS_SUFFIX : resource);
    }

    /** True when {@code jar} keeps numa-jvm's classes apart (the packaged jar; not mx's or a manifest-only jar). */
    public static boolean isolates(JarFile jar) {
        return jar.getEntry(entryName("com/numa/core/feature/Feature.class")) != null;
    }

    /** The jar a class of this package was loaded from, or null (class directories: tests, IDEs). */
    static Path ownJar() {
        try {
            var source = AgentLayout.class.getProtectionDomain().getCodeSource();
            Path p = source == null ? null : Path.of(source.getLocation().toURI());
            return p != null && p.toString().endsWith(".jar") && Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Whether the agent arguments turn on {@value #API_FLAG} or {@value #ON_DEMAND_FLAG} (see {@link #flagOn}).
     */
    public static boolean apiRequested(String agentArgs) {
        return flagOn(agentArgs, API_FLAG) || flagOn(agentArgs, ON_DEMAND_FLAG);
    }

    /**
     * Whether the agent arguments turn the boolean flag {@code name} on, in any spelling of the agent grammar
     * ({@code Name}, {@code +Name}, {@code -XX:+Name}, {@code Name=true}), separated by commas or white space: what the
     * agent must know before it can parse its flags.
     */
    public static boolean flagOn(String agentArgs, String name) {
        if (agentArgs == null) {
            return false;
        }
        // by hand, no regex: premain runs this before the application's main
        int n = agentArgs.length();
        int start = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || agentArgs.charAt(i) == ',' || Character.isWhitespace(agentArgs.charAt(i))) {
                if (names(agentArgs.substring(start, i), name)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static boolean names(String token, String name) {
        String t = token.startsWith("-XX:") ? token.substring(4) : token;
        t = t.startsWith("+") ? t.substring(1) : t;
        if (t.endsWith("=true")) {
            t = t.substring(0, t.length() - "=true".length());
        }
        return t.equals(name);
    }

    /**
     * The classes of {@code agentJar} as an ordinary jar (every entry under {@link #PREFIX}, class files renamed back),
     * for the system class loader's search or a child JVM's {@code -cp}: written once per agent jar into the temporary
     * directory ({@code numa-classes-<hash>.jar}, the hash of the agent jar's path, size and time), atomically, so
     * concurrent JVMs share it and a jar of another build is never taken.
     */
    public static Path plainJar(Path agentJar) throws IOException {
        Path jar = agentJar.toAbsolutePath();
        String key = jar + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar).toMillis();
        Path out = Path.of(System.getProperty("java.io.tmpdir"), "numa-classes-" + hash(key) + ".jar");
        if (Files.isRegularFile(out)) {
            return out;
        }
        Path tmp = Files.createTempFile(out.getParent(), ".numa-classes", ".jar");
        try (JarFile in = new JarFile(jar.toFile()); OutputStream file = Files.newOutputStream(tmp);
                JarOutputStream copy = new JarOutputStream(file)) {
            Enumeration<JarEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                if (!e.getName().startsWith(PREFIX) || e.isDirectory()) {
                    continue;
                }
                String name = e.getName().substring(PREFIX.length());
                if (name.endsWith(CLASS_SUFFIX)) {
                    name = name.substring(0, name.length() - CLASS_SUFFIX.length()) + ".class";
                }
                JarEntry plain = new JarEntry(name);
                plain.setTime(0);
                copy.putNextEntry(plain);
                try (InputStream data = in.getInputStream(e)) {
                    data.transferTo(copy);
                }
                copy.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return out;
    }

    private static String hash(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
