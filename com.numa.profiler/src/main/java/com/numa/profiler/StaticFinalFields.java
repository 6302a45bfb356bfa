package com.numa.profiler;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Which static fields are final, for the transformer: a read of one gets no hook, because HotSpot's JIT compiles it to
 * the constant it holds (once its class is initialized), so compiled code makes no memory access for it, and a hook
 * there would only cost code. Answered from class files, without loading any class: the class being transformed
 * declares its own fields ({@link #declare}); another class's file is read as a resource through a loader of the JDK's
 * (boot, platform, application) or a plain {@code URLClassLoader}, never through an application's own loader, whose
 * code must not run inside the transformer; a loader of the application's own is answered from what its classes (and
 * its parents') declared. A field is looked up as the JVM resolves it: the class, its interfaces, then its superclass.
 * Unknown means not final: the read keeps its hook.
 */
final class StaticFinalFields {
    /** What a class file declares. */
    private record Declared(Set<String> staticFinals, String superName, String[] interfaces) {
        static final Declared UNKNOWN = new Declared(Set.of(), null, new String[0]);
    }

    /** System.in, out and err are final but changed by System.setIn/setOut/setErr: the JIT does not fold them. */
    private static final String SYSTEM = "java/lang/System";
    /** Deep enough for any real hierarchy; a bound against a malformed one. */
    private static final int MAX_DEPTH = 64;

    /** Per defining loader (the boot loader as the key {@link #BOOT}), class name to its declaration. */
    private final Map<Object, Map<String, Declared>> byLoader = new WeakHashMap<>();
    private static final Object BOOT = new Object();

    /** The class being transformed, from its own bytes: later lookups of it read no resource. */
    void declare(ClassLoader loader, String name, String superName, String[] interfaces, Set<String> staticFinals) {
        Declared d = new Declared(Set.copyOf(staticFinals), superName, interfaces == null ? new String[0] : interfaces);
        synchronized (this) {
            classes(loader).put(name, d);
        }
    }

    /** Whether {@code GETSTATIC owner.field}, linked by a class of {@code loader}, reads a static final field. */
    boolean isStaticFinal(ClassLoader loader, String owner, String field) {
        if (owner.equals(SYSTEM) && (field.equals("in") || field.equals("out") || field.equals("err"))) {
            return false;
        }
        try {
            return resolve(loader, owner, field, 0) == Boolean.TRUE;
        } catch (RuntimeException e) {
            return false; // e.g. a security manager refusing getParent: the read keeps its hook
        }
    }

    /** TRUE or FALSE where the field is declared (final or not), null where not found in this branch. */
    private Boolean resolve(ClassLoader loader, String owner, String field, int depth) {
        if (owner == null || depth > MAX_DEPTH) {
            return null;
        }
        Declared d = declared(loader, owner);
        if (d.staticFinals.contains(field)) {
            return Boolean.TRUE;
        }
        if (d == Declared.UNKNOWN) {
            return Boolean.FALSE; // cannot tell: keep the hook, and stop looking
        }
        for (String i : d.interfaces) {
            Boolean r = resolve(loader, i, field, depth + 1);
            if (r != null) {
                return r;
            }
        }
        return resolve(loader, d.superName, field, depth + 1);
    }

    private Declared declared(ClassLoader loader, String name) {
        for (ClassLoader l = loader; ; l = l.getParent()) {
            Declared d;
            synchronized (this) {
                d = classes(l).get(name);
            }
            if (d == null && readable(l)) {
                d = read(l, name);
                synchronized (this) {
                    classes(l).putIfAbsent(name, d);
                }
            }
            if (d != null && (d != Declared.UNKNOWN || l == null)) {
                return d;
            }
            if (l == null) {
                return Declared.UNKNOWN;
            }
        }
    }

    private Map<String, Declared> classes(ClassLoader loader) {
        return byLoader.computeIfAbsent(loader == null ? BOOT : loader, k -> new HashMap<>());
    }

    /** Loaders whose resources can be read without running the application's code. */
    private static boolean readable(ClassLoader loader) {
        return loader == null || loader.getClass() == java.net.URLClassLoader.class
                || loader.getClass().getName().startsWith("jdk.internal.loader.");
    }

    /** The class file of {@code name} as {@code loader} finds it (for the boot loader: through the platform loader). */
    private static Declared read(ClassLoader loader, String name) {
        ClassLoader through = loader == null ? ClassLoader.getPlatformClassLoader() : loader;
        try (InputStream in = through.getResourceAsStream(name + ".class")) {
            return in == null ? Declared.UNKNOWN : parse(in.readAllBytes());
        } catch (IOException | RuntimeException e) {
            return Declared.UNKNOWN; // a file we cannot read or parse: its reads keep their hooks
        }
    }

    private static Declared parse(byte[] bytes) {
        ClassReader r = new ClassReader(bytes);
        Set<String> finals = new HashSet<>();
        r.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String name, String desc, String signature, Object value) {
                if (isStaticFinal(access)) {
                    finals.add(name);
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new Declared(Set.copyOf(finals), r.getSuperName(), r.getInterfaces());
    }

    static boolean isStaticFinal(int access) {
        return (access & (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL)) == (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL);
    }
}
