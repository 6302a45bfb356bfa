package com.numa.core.child;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The java a child JVM runs on ({@code numa vm}'s, a tool's, a test's): {@code $JAVA_HOME/bin/java} when JAVA_HOME is set, else the java running the
 * launcher. Its feature version comes from the JDK's {@code release} file, without starting it; the launcher needs it
 * because JDK 22+ warns on JNA's native calls unless {@code --enable-native-access} is given, while older JDKs reject
 * options they do not know.
 *
 * @param home           the JDK/JRE home
 * @param featureVersion e.g. 17 or 25; -1 when it cannot be told
 */
public record TargetJava(Path home, int featureVersion) {

    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"?([0-9][^\"\\s]*)\"?");

    /** The java executable. */
    public Path executable() {
        return home.resolve("bin").resolve("java");
    }

    /** True when the target needs {@code --enable-native-access=ALL-UNNAMED} for JNA to run without warnings. */
    public boolean needsNativeAccessFlag() {
        return featureVersion >= 22;
    }

    /** The options the agent's native calls need on this java: the one place that decides it. */
    public List<String> nativeAccessOptions() {
        return needsNativeAccessFlag() ? List.of("--enable-native-access=ALL-UNNAMED") : List.of();
    }

    /** The java running this code. */
    public static TargetJava current() {
        return new TargetJava(Path.of(System.getProperty("java.home")), Runtime.version().feature());
    }

    /** Resolves the target from the environment; {@code currentHome} is this JVM's {@code java.home}. */
    public static TargetJava resolve(Map<String, String> env, String currentHome) {
        String javaHome = env.get("JAVA_HOME");
        Path home = javaHome != null && !javaHome.isBlank() && Files.isExecutable(Path.of(javaHome, "bin", "java"))
                ? Path.of(javaHome) : Path.of(currentHome);
        int version = readVersion(home);
        if (version < 0 && home.equals(Path.of(currentHome))) {
            version = Runtime.version().feature();
        }
        return new TargetJava(home, version);
    }

    private static int readVersion(Path home) {
        try {
            return featureOf(Files.readString(home.resolve("release")));
        } catch (IOException e) {
            return -1;
        }
    }

    /** The feature version in a {@code release} file's text ("1.8.0_392" is 8, "25.0.3" is 25), or -1. */
    public static int featureOf(String releaseText) {
        Matcher m = JAVA_VERSION.matcher(releaseText);
        if (!m.find()) {
            return -1;
        }
        String[] parts = m.group(1).split("[._+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
