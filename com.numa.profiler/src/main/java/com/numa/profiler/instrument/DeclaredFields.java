package com.numa.profiler.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.BiPredicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the transformer needs to know of the fields an instruction names, answered from class files without loading
 * any class: whether a static field is final (a read of one gets no hook, because HotSpot's JIT compiles it to the
 * constant it holds once its class is initialized, so compiled code makes no memory access for it), and whether a
 * field is a plain one, neither volatile nor unknown (for {@link UnhookedReads}: repeats of a plain read are served
 * from a register). The class being transformed declares its own fields ({@link #declare}); another class's file is
 * read as a resource through a loader of the JDK's (boot, platform, application) or a plain {@code URLClassLoader},
 * never through an application's own loader, whose code must not run inside the transformer; a loader of the
 * application's own is answered from what its classes (and its parents') declared. A field is looked up as the JVM
 * resolves it: the class, its interfaces, then its superclass. Unknown means neither final nor plain: the read keeps
 * its hook.
 */
final class DeclaredFields {
    /** What a class file declares: its fields' names (static finals and volatiles apart), superclass and interfaces. */
    private record Declared(Set<String> fields, Set<String> staticFinals, Set<String> volatiles, String superName,
            String[] interfaces) {
        static final Declared UNKNOWN = new Declared(Set.of(), Set.of(), Set.of(), null, new String[0]);
    }

    /** System.in, out and err are final but changed by System.setIn/setOut/setErr: the JIT does not fold them. */
    private static final String SYSTEM = "java/lang/System";
    /** Deep enough for any real hierarchy; a bound against a malformed one. */
    private static final int MAX_DEPTH = 64;

    /** Per defining loader (the boot loader as the key {@link #BOOT}), class name to its declaration. */
    private final Map<Object, Map<String, Declared>> byLoader = new WeakHashMap<>();
    private static final Object BOOT = new Object();

    /** Records what {@code name}'s own bytes declare: later lookups of it read no resource. */
    void declare(ClassLoader loader, String name, String superName, String[] interfaces, Set<String> fields,
            Set<String> staticFinals, Set<String> volatiles) {
        Declared d = new Declared(Set.copyOf(fields), Set.copyOf(staticFinals), Set.copyOf(volatiles), superName,
                interfaces == null ? new String[0] : interfaces);
        synchronized (this) {
            classes(loader).put(name, d);
        }
    }

    /**
     * Passes a class being transformed on to {@code next} unchanged, declaring it ({@link #declare}) before its first
     * method: ASM visits a class's fields before its methods, so the hooks of its methods already know its own fields.
     */
    ClassVisitor declaring(ClassVisitor next, ClassLoader loader) {
        return new Collector(next) {
            private boolean declared;

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature,
                    String[] exceptions) {
                declareOnce();
                return super.visitMethod(access, name, desc, signature, exceptions);
            }

            @Override
            public void visitEnd() {
                declareOnce();
                super.visitEnd();
            }

            private void declareOnce() {
                if (!declared) {
                    declared = true;
                    declare(loader, name, superName, interfaces, fields, staticFinals, volatiles);
                }
            }
        };
    }

    /** Whether {@code GETSTATIC owner.field}, linked by a class of {@code loader}, reads a static final field. */
    boolean isStaticFinal(ClassLoader loader, String owner, String field) {
        if (owner.equals(SYSTEM) && (field.equals("in") || field.equals("out") || field.equals("err"))) {
            return false;
        }
        return holds(loader, owner, field, (d, f) -> d.staticFinals.contains(f));
    }

    /**
     * Whether {@code owner.field}, linked by a class of {@code loader}, is known and not volatile: the JIT may then
     * keep a value read from it in a register until something could change it.
     */
    boolean isPlain(ClassLoader loader, String owner, String field) {
        return holds(loader, owner, field, (d, f) -> !d.volatiles.contains(f));
    }

    /** {@code property} of the declaration the field resolves to; false when not found or unknown. */
    private boolean holds(ClassLoader loader, String owner, String field, BiPredicate<Declared, String> property) {
        try {
            return resolve(loader, owner, field, property, 0) == Boolean.TRUE;
        } catch (RuntimeException e) {
            return false; // e.g. a security manager refusing getParent: the read keeps its hook
        }
    }

    /** {@code property} where the field is declared, null where not found in this branch. */
    private Boolean resolve(ClassLoader loader, String owner, String field, BiPredicate<Declared, String> property,
            int depth) {
        if (owner == null || depth > MAX_DEPTH) {
            return null;
        }
        Declared d = declared(loader, owner);
        if (d == Declared.UNKNOWN) {
            return Boolean.FALSE; // cannot tell: keep the hook, and stop looking
        }
        if (d.fields.contains(field)) {
            return property.test(d, field); // declared here: it hides its namesakes above
        }
        for (String i : d.interfaces) {
            Boolean r = resolve(loader, i, field, property, depth + 1);
            if (r != null) {
                return r;
            }
        }
        return resolve(loader, d.superName, field, property, depth + 1);
    }

    /**
     * What {@code loader} (or the parent that answers for it) says {@code name} declares. A loader of the JDK's finds a
     * class file through its parents itself, so its answer ends the search; an application's own loader only knows the
     * classes it declared, and leaves the rest to its parents, which it asks first in the usual delegation.
     */
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
            if (d != null) {
                return d;
            }
        }
    }

    private Map<String, Declared> classes(ClassLoader loader) {
        return byLoader.computeIfAbsent(loader == null ? BOOT : loader, k -> new HashMap<>());
    }

    /** Loaders whose resources can be read without running the application's code (the boot loader among them). */
    private static boolean readable(ClassLoader loader) {
        return loader == null || loader.getClass() == java.net.URLClassLoader.class
                || loader.getClass().getName().startsWith("jdk.internal.loader.");
    }

    /** The class file of {@code name} as {@code loader} finds it (for the boot loader: through the platform loader). */
    private static Declared read(ClassLoader loader, String name) {
        ClassLoader through = loader == null ? ClassLoader.getPlatformClassLoader() : loader;
        try (InputStream in = through.getResourceAsStream(name + ".class")) {
            if (in == null) {
                return Declared.UNKNOWN;
            }
            Collector c = new Collector(null);
            new ClassReader(in.readAllBytes()).accept(c,
                    ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return new Declared(Set.copyOf(c.fields), Set.copyOf(c.staticFinals), Set.copyOf(c.volatiles), c.superName,
                    c.interfaces);
        } catch (IOException | RuntimeException e) {
            return Declared.UNKNOWN; // a file we cannot read or parse: its reads keep their hooks
        }
    }

    /** Collects a class's name, superclass, interfaces and fields as they pass, for a class file read or transformed. */
    private static class Collector extends ClassVisitor {
        String name;
        String superName;
        String[] interfaces;
        final Set<String> fields = new HashSet<>();
        final Set<String> staticFinals = new HashSet<>();
        final Set<String> volatiles = new HashSet<>();

        Collector(ClassVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                String[] interfaces) {
            this.name = name;
            this.superName = superName;
            this.interfaces = interfaces;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public FieldVisitor visitField(int access, String name, String desc, String signature, Object value) {
            fields.add(name);
            if ((access & (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL)) == (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL)) {
                staticFinals.add(name);
            }
            if ((access & Opcodes.ACC_VOLATILE) != 0) {
                volatiles.add(name);
            }
            return super.visitField(access, name, desc, signature, value);
        }
    }
}
