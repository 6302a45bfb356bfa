package com.numa.profiler.instrument;

import com.numa.profiler.tracking.FieldReachability;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether instrumented code can ever hook a field access on an instance of a class, i.e. whether the owner word of such
 * an instance (kept in the side table when the class has no header word) could ever be read. Instances whose fields it
 * cannot reach are counted at allocation as before, but not put in the side table, where they only cost an entry, a
 * weak reference and a later rebuild scan.
 *
 * <p>Of an application class, by its declarations: unreachable when no class of its superclass chain can be
 * instrumented and every instance field of those classes is private or reachable only from packages none of whose
 * classes can be ({@code new StringBuilder()}, {@code new Object()} as a lock, {@code new Thread(r)}). A protected
 * field is reachable from its package and from subclasses, but a subclass in another package may only access it
 * through references of its own type (the verifier checks this), so for an instance of class C only C's superclass
 * chain matters, and those classes are checked themselves.
 *
 * <p>Of a JDK class ({@code new ArrayList<>()}, {@code new HashMap<>()}), by what is instrumented ({@code jdkByUse}):
 * the application's code can only reach its public fields; the rest only the JDK's own code can, and it is instrumented
 * only for classes loaded after the agent or retransformed. An instance is tracked when a class of its chain is
 * instrumented (see {@link #jdkClassInstrumented}): not an ArrayList, whose class was loaded before any agent, but an
 * AtomicBoolean loaded later. This leaves out the few accesses that instrumented helpers make to such instances (a
 * sublist or spliterator loaded later reading its list's fields): they count as of unknown owner, while the list's own
 * methods were never seen anyway. In lusearch that keeps about 300,000 objects of a 4-iteration run out of the table
 * (171,000 ArrayLists, 31,000 BitSets, 26,000 LinkedHashMaps, 25,000 AtomicIntegers). Without {@code jdkByUse} (the
 * diagnosis, which hooks the application's calls on atomic boxes as field accesses) JDK classes follow the application
 * rule. Sampled mode asks once per allocation site (WordHooks' count-only sites), so a later instrumentation leaves the
 * site's later instances out too.
 */
public final class FieldReach implements FieldReachability {
    /** A name no class-prefix pattern of the filter matches: a package pattern matching it covers the whole package. */
    private static final String ANY_CLASS = "\u0000";
    private static final String[] NONE = new String[0];
    private final ClassFilter filter;
    private final boolean jdkByUse;
    /**
     * Per class: null when reachable by its declarations, else the internal names of the JDK classes of its chain,
     * one of which would have to be instrumented (empty: never reachable).
     */
    private final ClassValue<String[]> undeclared = new ClassValue<>() {
        @Override
        protected String[] computeValue(Class<?> c) {
            try {
                return unreachableByDeclarations(c);
            } catch (Throwable e) {
                return null; // when in doubt, track it
            }
        }
    };
    /** JDK classes with instrumented code (internal names); guarded by this. */
    private final Set<String> instrumented = new HashSet<>();
    /** Names some class was found unreachable for: instrumenting one changes {@link #version}; guarded by this. */
    private final Set<String> watched = new HashSet<>();
    private volatile int version = 1;

    /** {@code jdkByUse}: JDK instances are reachable once a class of their chain is instrumented, see above. */
    public FieldReach(ClassFilter filter, boolean jdkByUse) {
        this.filter = filter;
        this.jdkByUse = jdkByUse;
    }

    @Override
    public boolean fieldsReachable(Class<?> c) {
        String[] names = undeclared.get(c);
        if (names == null) {
            return true;
        }
        if (names.length == 0) {
            return false;
        }
        synchronized (this) {
            for (String n : names) {
                if (instrumented.contains(n)) {
                    return true;
                }
            }
            java.util.Collections.addAll(watched, names);
            return false;
        }
    }

    @Override
    public int version() {
        return version;
    }

    /** JDK class {@code internalName} is instrumented (told before it is defined, or retransformed). */
    public void jdkClassInstrumented(String internalName) {
        synchronized (this) {
            if (instrumented.add(internalName) && watched.contains(internalName)) {
                version++;
            }
        }
    }

    private String[] unreachableByDeclarations(Class<?> c) {
        List<String> chain = new ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            boolean byUse = jdkByUse && isJdk(k);
            if (!byUse && !filter.alwaysExcluded(k.getName())) {
                return null;
            }
            for (Field f : k.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isPrivate(m)) {
                    continue;
                }
                // package-private or protected: its package is what else can reach it
                if (Modifier.isPublic(m) || !byUse && !filter.alwaysExcluded(packageOf(k) + ANY_CLASS)) {
                    return null;
                }
            }
            if (byUse) {
                chain.add(k.getName().replace('.', '/'));
            }
        }
        return chain.isEmpty() ? NONE : chain.toArray(NONE);
    }

    private static boolean isJdk(Class<?> k) {
        return ProfilerTransformer.jdkLoader(k.getClassLoader());
    }

    private static String packageOf(Class<?> c) {
        String n = c.getName();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot + 1);
    }
}
