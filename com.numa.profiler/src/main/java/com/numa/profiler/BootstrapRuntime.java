package com.numa.profiler;

import com.numa.profiler.rt.OutOfLine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Puts the hook runtime (package {@code com.numa.profiler.rt}) on the bootstrap class path, so that JDK classes and
 * classes of every loader can call it. Must run before anything loads those classes from the system class path.
 */
final class BootstrapRuntime {
    static final String[] CLASSES = {"com/numa/profiler/rt/Hooks", "com/numa/profiler/rt/AccessSink",
        "com/numa/profiler/rt/RawAccess"};
    static final String OUT_OF_LINE = "Lcom/numa/profiler/rt/OutOfLine;";
    static final String DONT_INLINE = "Ljdk/internal/vm/annotation/DontInline;";
    private static boolean appended;

    private BootstrapRuntime() {
    }

    /** Returns null on success, else why the JDK classes cannot be instrumented. */
    static synchronized String append(Instrumentation inst) {
        if (appended) {
            return null;
        }
        try {
            Path jar = Files.createTempFile("numa-profiler-rt", ".jar");
            jar.toFile().deleteOnExit();
            try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
                for (String c : CLASSES) {
                    try (InputStream in = BootstrapRuntime.class.getClassLoader().getResourceAsStream(c + ".class")) {
                        if (in == null) {
                            return "class " + c + " not found next to the profiler";
                        }
                        out.putNextEntry(new JarEntry(c + ".class"));
                        out.write(markOutOfLine(in.readAllBytes()));
                        out.closeEntry();
                    }
                }
            }
            inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
            appended = true;
            return null;
        } catch (IOException | RuntimeException e) {
            return "cannot put the hook runtime on the boot class path: " + e;
        }
    }

    /**
     * The class file with HotSpot's {@code DontInline} added to every method marked {@link OutOfLine}: the VM reads it
     * by name in classes the boot loader defines (the annotation type itself is never loaded, nor needs to be
     * accessible).
     */
    static byte[] markOutOfLine(byte[] classFile) {
        ClassReader r = new ClassReader(classFile);
        ClassWriter w = new ClassWriter(r, 0);
        r.accept(new ClassVisitor(Opcodes.ASM9, w) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (OUT_OF_LINE.equals(desc)) {
                            super.visitAnnotation(DONT_INLINE, true).visitEnd();
                        }
                        return super.visitAnnotation(desc, visible);
                    }
                };
            }
        }, 0);
        return w.toByteArray();
    }

    /** True when the hook classes resolve from the bootstrap loader (else only application classes may call them). */
    static boolean onBootstrapPath() {
        return com.numa.profiler.rt.Hooks.class.getClassLoader() == null;
    }
}
