package com.numa.profiler.instrument;

import java.util.ArrayList;
import java.util.List;

/**
 * Which classes get instrumented. Patterns use Java names: {@code a.b.C} (one class), {@code a.b.*} (a package),
 * {@code a.b.**} (a package and its subpackages), {@code a.b.C*} (a name prefix).
 * <p>Always excluded, because instrumenting them would recurse into the profiler or destabilise the JVM: numa-jvm's own
 * code (every registered feature's packages and the core's, from the feature registry), the libraries under it (ASM,
 * JNA, commons-csv, Jackson, JOL, unrelocated when run from class directories), {@code java.lang.**} (Thread, ThreadLocal,
 * invoke, ref: the hooks' own machinery), {@code jdk.**}, {@code sun.**}, {@code com.sun.**}, {@code java.security.**},
 * and generated lambda/proxy classes.
 */
public final class ClassFilter {
    /** Libraries under numa-jvm's code and the JDK's own machinery. */
    static final List<String> LIBRARY_EXCLUDES = List.of("org.objectweb.asm.**", "org.apache.commons.csv.**",
            "com.fasterxml.jackson.**", "com.sun.jna.**", "org.openjdk.jol.**", "java.lang.**", "jdk.**", "sun.**", "com.sun.**",
            "java.security.**", "javax.security.**");

    private final List<String> include;
    private final List<String> builtIn;
    private final List<String> exclude;
    private final boolean jdk;

    /** {@code toolPackages}: numa-jvm's own code, from the feature registry. */
    public ClassFilter(List<String> toolPackages, List<String> include, List<String> exclude, boolean instrumentJdk) {
        this.include = List.copyOf(include);
        List<String> always = new ArrayList<>(toolPackages);
        always.addAll(LIBRARY_EXCLUDES);
        this.builtIn = List.copyOf(always);
        List<String> ex = new ArrayList<>(builtIn);
        ex.addAll(exclude);
        this.exclude = List.copyOf(ex);
        this.jdk = instrumentJdk;
        for (String p : include) {
            check(p);
        }
        for (String p : exclude) {
            check(p);
        }
    }

    private static void check(String pattern) {
        int star = pattern.indexOf('*');
        boolean starOk = star < 0 || star == pattern.length() - 1 || pattern.endsWith(".**") && star == pattern.length() - 2;
        if (pattern.isBlank() || pattern.contains("/") || !starOk) {
            throw new IllegalArgumentException("bad class pattern '" + pattern
                    + "': write a.b.C, a.b.*, a.b.** or a.b.C* (Java names, '*' only at the end)");
        }
    }

    /** True for classes never instrumented whatever the flags say (tool code, its libraries, JDK machinery). */
    public boolean alwaysExcluded(String className) {
        return matchesAny(builtIn, className);
    }

    /** {@code internalName} uses '/'; {@code jdkClass} is true for classes of the boot or platform loader. */
    boolean accepts(String internalName, boolean jdkClass) {
        if (internalName == null || internalName.contains("$$Lambda") || internalName.contains("$Proxy")
                || internalName.startsWith("module-info") || internalName.endsWith("package-info")) {
            return false;
        }
        if (jdkClass && !jdk) {
            return false;
        }
        String name = internalName.replace('/', '.');
        if (matchesAny(exclude, name)) {
            return false;
        }
        return include.isEmpty() || matchesAny(include, name);
    }

    public static boolean matchesAny(List<String> patterns, String name) {
        for (String p : patterns) {
            if (matches(p, name)) {
                return true;
            }
        }
        return false;
    }

    static boolean matches(String pattern, String name) {
        if (pattern.endsWith(".**")) {
            return name.startsWith(pattern.substring(0, pattern.length() - 2));
        }
        if (pattern.endsWith(".*")) {
            String pkg = pattern.substring(0, pattern.length() - 1);
            return name.startsWith(pkg) && name.indexOf('.', pkg.length()) < 0;
        }
        if (pattern.endsWith("*")) {
            return name.startsWith(pattern.substring(0, pattern.length() - 1));
        }
        return name.equals(pattern);
    }
}
