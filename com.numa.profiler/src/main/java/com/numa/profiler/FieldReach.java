package com.numa.profiler;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Whether instrumented code can ever hook a field access on an instance of a class, i.e. whether the owner word of such
 * an instance (kept in the side table when the class has no header word) could ever be read. It cannot when every
 * instance field of the class and its superclasses is private or package-private, and every class that could reach
 * them (the declaring class, its nestmates, its package) is one the profiler never instruments nor retransforms
 * ({@link ClassFilter#alwaysExcluded}): {@code new StringBuilder()}, {@code new Object()} (a lock) or
 * {@code new Thread(r)} in application code. Such instances are counted at allocation as before, but not put in the
 * side table, where they only cost an entry, a weak reference and a later rebuild scan.
 */
final class FieldReach {
    /** A name no class-prefix pattern of the filter matches: a package pattern matching it covers the whole package. */
    private static final String ANY_CLASS = "\u0000";
    private final ClassFilter filter;
    private final ClassValue<Boolean> reachable = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            try {
                return reachable(c);
            } catch (Throwable e) {
                return true; // when in doubt, track it
            }
        }
    };

    FieldReach(ClassFilter filter) {
        this.filter = filter;
    }

    /** True unless instrumented code can never access an instance field of {@code c} (not an array class). */
    boolean fieldsReachable(Class<?> c) {
        return reachable.get(c);
    }

    private boolean reachable(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (!filter.alwaysExcluded(k.getName())) {
                return true;
            }
            for (Field f : k.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isPrivate(m)) {
                    continue;
                }
                if (Modifier.isPublic(m) || Modifier.isProtected(m) || !filter.alwaysExcluded(packageOf(k) + ANY_CLASS)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String packageOf(Class<?> c) {
        String n = c.getName();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot + 1);
    }
}
