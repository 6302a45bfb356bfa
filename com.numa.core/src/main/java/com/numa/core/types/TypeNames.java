package com.numa.core.types;

/**
 * The name of a type as a person writes it in Java: {@code long[]} for the JVM's {@code [J}, {@code java.lang.String[][]}
 * for {@code [[Ljava.lang.String;} or {@code [[Ljava/lang/String;}, {@code java.util.HashMap} for
 * {@code java/util/HashMap}. Classes keep their binary name ({@code Outer$Inner}), as {@link Class#getName} spells it,
 * because the profiler's allocation sites and a user's stack traces do too.
 */
public final class TypeNames {
    private TypeNames() {
    }

    /** The Java spelling of {@code c}. */
    public static String of(Class<?> c) {
        return of(c.getName());
    }

    /**
     * The Java spelling of a type given as {@link Class#getName} gives it, as a JVM descriptor of an array type, as an
     * internal name (slashes), or already in Java's spelling (returned unchanged).
     */
    public static String of(String jvmName) {
        int dims = 0;
        while (dims < jvmName.length() && jvmName.charAt(dims) == '[') {
            dims++;
        }
        String element = jvmName.substring(dims).replace('/', '.');
        if (dims == 0) {
            return element;
        }
        return element(element) + "[]".repeat(dims);
    }

    /** An array's element type from its descriptor: a primitive's letter or {@code Lname;}. */
    private static String element(String descriptor) {
        switch (descriptor) {
            case "Z": return "boolean";
            case "B": return "byte";
            case "C": return "char";
            case "S": return "short";
            case "I": return "int";
            case "J": return "long";
            case "F": return "float";
            case "D": return "double";
            default:
                return descriptor.startsWith("L") && descriptor.endsWith(";")
                        ? descriptor.substring(1, descriptor.length() - 1) : descriptor;
        }
    }
}
