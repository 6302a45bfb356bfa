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
                        out.write(directThreadId(markOutOfLine(in.readAllBytes())));
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

    static final String RAW_ACCESS = "com/numa/profiler/rt/RawAccess";
    private static final String UNSAFE = "jdk/internal/misc/Unsafe";

    /**
     * RawAccess with the body of {@code tid(Thread)} replaced by {@code Unsafe.getUnsafe().getLong(t, TID)}, a direct
     * call the JIT compiles to one load (see RawAccess.tid); any other class file unchanged. The call resolves only when
     * it first runs, which RawAccess allows only once the handles worked, so the package is then exported to the boot
     * class path's module.
     */
    static byte[] directThreadId(byte[] classFile) {
        ClassReader r = new ClassReader(classFile);
        if (!RAW_ACCESS.equals(r.getClassName())) {
            return classFile;
        }
        ClassWriter w = new ClassWriter(r, ClassWriter.COMPUTE_MAXS);
        r.accept(new ClassVisitor(Opcodes.ASM9, w) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!"tid".equals(name) || !"(Ljava/lang/Thread;)J".equals(descriptor)) {
                    return mv;
                }
                mv.visitCode();
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, UNSAFE, "getUnsafe", "()L" + UNSAFE + ";", false);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitFieldInsn(Opcodes.GETSTATIC, RAW_ACCESS, "TID", "J");
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "getLong", "(Ljava/lang/Object;J)J", false);
                mv.visitInsn(Opcodes.LRETURN);
                mv.visitMaxs(0, 0);
                mv.visitEnd();
                return null; // the original body is dropped
            }
        }, 0);
        return w.toByteArray();
    }

    /** True when the hook classes resolve from the bootstrap loader (else only application classes may call them). */
    static boolean onBootstrapPath() {
        return com.numa.profiler.rt.Hooks.class.getClassLoader() == null;
    }
}
