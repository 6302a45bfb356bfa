package com.numa.profiler;

import java.util.ArrayList;
import java.util.List;

/**
 * Which classes get instrumented. Patterns use Java names: {@code a.b.C} (one class), {@code a.b.*} (a package),
 * {@code a.b.**} (a package and its subpackages), {@code a.b.C*} (a name prefix).
 * <p>Always excluded, because instrumenting them would recurse into the profiler or destabilise the JVM: the profiler
 * itself, the other numa modules, ASM and JNA (ours, possibly relocated), {@code java.lang.**} (Thread, ThreadLocal,
 * invoke, ref: the hooks' own machinery), {@code jdk.**}, {@code sun.**}, {@code com.sun.**}, {@code java.security.**},
 * and generated lambda/proxy classes.
 */
final class ClassFilter {
    static final List<String> BUILT_IN_EXCLUDES = List.of("com.numa.profiler.*", "com.numa.profiler.rt.*",
            "com.numa.perfutil.**", "com.numa.vm.**", "com.numa.opt.**", "com.numa.gc.**", "com.numa.shaded.**",
            "org.objectweb.asm.**", "org.apache.commons.csv.**", "com.sun.jna.**", "java.lang.**", "jdk.**", "sun.**",
            "com.sun.**", "java.security.**", "javax.security.**");

    private final List<String> include;
    private final List<String> exclude;
    private final boolean jdk;

    ClassFilter(List<String> include, List<String> exclude, boolean instrumentJdk) {
        this.include = List.copyOf(include);
        List<String> ex = new ArrayList<>(BUILT_IN_EXCLUDES);
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

    static boolean matchesAny(List<String> patterns, String name) {
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
