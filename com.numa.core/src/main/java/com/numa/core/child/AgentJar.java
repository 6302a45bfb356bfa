package com.numa.core.child;

import com.numa.boot.AgentLayout;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Where the numa agent comes from for a child JVM: the packaged jar ({@code numa-agent.jar}, the launcher and the agent
 * in one), or, where the classes are in directories (tests, benchmarks, mx, IDEs), a manifest-only jar that names the
 * agent class and lets the child's class path supply everything else.
 */
public final class AgentJar {
    /** The agent's entry point (the front door's class; named, not linked, so the core stays below it). */
    public static final String AGENT_CLASS = "com.numa.vm.NumaAgent";

    /** System property naming the packaged jar when the code does not run from it. */
    public static final String PROPERTY = "numa.agent.jar";

    private AgentJar() {
    }

    /**
     * The packaged agent jar: {@code -Dnuma.agent.jar}, else the jar {@code anchor} was loaded from. Throws
     * IllegalStateException with the fix when there is none, or when its path cannot follow {@code -javaagent:}.
     */
    public static Path packaged(Class<?> anchor) {
        String configured = System.getProperty(PROPERTY);
        Path jar;
        if (configured != null && !configured.isBlank()) {
            jar = Path.of(configured);
        } else {
            try {
                jar = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (URISyntaxException | SecurityException | NullPointerException e) {
                throw new IllegalStateException("cannot tell where numa-agent.jar is; pass -D" + PROPERTY + "=<path>");
            }
        }
        jar = jar.toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the agent jar " + jar + " does not exist: build it with "
                    + "'mvn -B -q package -DskipTests' or pass -D" + PROPERTY + "=<path to numa-agent.jar>");
        }
        checkPath(jar);
        return jar;
    }

    /**
     * A manifest-only agent jar in {@code dir} (written once, atomically): the agent's classes come from the child's
     * {@code -cp}, which must hold every numa-jvm module and its libraries.
     */
    public static synchronized Path manifestOnly(Path dir) throws IOException {
        Path jar = dir.toAbsolutePath().resolve("numa-agent-manifest.jar");
        checkPath(jar);
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Files.createDirectories(dir);
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Premain-Class", AGENT_CLASS);
        a.putValue("Agent-Class", AGENT_CLASS);
        a.putValue("Can-Retransform-Classes", "true");
        a.putValue("Can-Redefine-Classes", "true");
        Path tmp = Files.createTempFile(dir, ".agent", ".jar");
        try (OutputStream file = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(file, mf)) {
            out.flush();
        }
        Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return jar;
    }

    /**
     * Where a child JVM finds numa-jvm's classes on its {@code -cp} (the built-in programs, a harness's callback, a
     * probe): the packaged jar keeps them where no class loader of an application looks, so a plain copy of them
     * ({@link AgentLayout#plainJar}); any other jar (mx's) as it is.
     */
    public static Path plainClasses(Path agentJar) throws IOException {
        if (!Files.isRegularFile(agentJar)) {
            return agentJar; // class directories
        }
        try (JarFile jar = new JarFile(agentJar.toFile())) {
            if (!AgentLayout.isolates(jar)) {
                return agentJar;
            }
        }
        return AgentLayout.plainJar(agentJar);
    }

    private static void checkPath(Path jar) {
        if (jar.toString().contains("=")) {
            // -javaagent:<path>=<options> splits at the first '='
            throw new IllegalStateException("the agent jar path " + jar + " contains '=', which -javaagent cannot take; move it");
        }
    }
}
