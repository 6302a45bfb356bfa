package com.numa.profiler;

import com.numa.profiler.rt.OutOfLine;
import com.numa.core.io.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Puts the hook runtime (package {@code com.numa.profiler.rt}) on the bootstrap class path, so that JDK classes and
 * classes of every loader can call it. Must run before anything loads those classes from the system class path.
 */
final class BootstrapRuntime {
    static final String[] CLASSES = {"com/numa/profiler/rt/Hooks", "com/numa/profiler/rt/AccessSink",
        "com/numa/profiler/rt/RawAccess", "com/numa/profiler/rt/WordHooks"};
    static final String OUT_OF_LINE = "Lcom/numa/profiler/rt/OutOfLine;";
    static final String DONT_INLINE = "Ljdk/internal/vm/annotation/DontInline;";
    static final String INLINE = "Lcom/numa/profiler/rt/Inline;";
    static final String FORCE_INLINE = "Ljdk/internal/vm/annotation/ForceInline;";
    static final String CONSTANT = "Lcom/numa/profiler/rt/Constant;";
    static final String STABLE = "Ljdk/internal/vm/annotation/Stable;";
    private static boolean appended;

    private BootstrapRuntime() {
    }

    /**
     * Returns null on success, else why the JDK classes cannot be instrumented. Nothing to do when the launcher put
     * the runtime on the boot class path at the JVM's start ({@link #cachedJar}): the resource lookup below asks the
     * boot loader without loading the class.
     */
    static synchronized String append(Instrumentation inst) {
        if (appended) {
            return null;
        }
        if (ClassLoader.getPlatformClassLoader().getResource(CLASSES[0] + ".class") != null) {
            appended = true;
            return null;
        }
        try {
            Path jar = Files.createTempFile("numa-profiler-rt", ".jar");
            jar.toFile().deleteOnExit();
            Files.write(jar, jarBytes());
            inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
            appended = true;
            return null;
        } catch (IOException | RuntimeException e) {
            return "cannot put the hook runtime on the boot class path: " + e;
        }
    }

    /** The hook runtime as a jar: the classes of {@link #CLASSES} with HotSpot's marks, entries dated 0 (same bytes every time). */
    static byte[] jarBytes() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes)) {
            for (String c : CLASSES) {
                try (InputStream in = BootstrapRuntime.class.getClassLoader().getResourceAsStream(c + ".class")) {
                    if (in == null) {
                        throw new IOException("class " + c + " not found next to the profiler");
                    }
                    JarEntry entry = new JarEntry(c + ".class");
                    entry.setTime(0);
                    out.putNextEntry(entry);
                    out.write(directThreadId(markOutOfLine(in.readAllBytes())));
                    out.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }

    /**
     * The hook runtime jar for {@code -Xbootclasspath/a:}, written once per content into the temporary directory
     * ({@code numa-profiler-rt-<sha-256 prefix>.jar}, so a jar of another version is never taken), or empty when it
     * cannot be written (the agent then appends it itself).
     */
    static Optional<Path> cachedJar() {
        try {
            byte[] jar = jarBytes();
            String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(jar), 0, 8);
            Path file = Path.of(System.getProperty("java.io.tmpdir"), "numa-profiler-rt-" + hash + ".jar");
            if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), jar)) {
                AtomicFiles.writeBytes(file, jar);
            }
            return Optional.of(file);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The class file with HotSpot's own marks added where ours are: {@code DontInline} on every method marked
     * {@link OutOfLine}, {@code ForceInline} on those marked {@link com.numa.profiler.rt.Inline}, {@code Stable} on
     * fields marked {@link com.numa.profiler.rt.Constant}. The VM reads them by name in classes the boot loader defines
     * (the annotation types themselves are never loaded, nor need to be accessible).
     */
    static byte[] markOutOfLine(byte[] classFile) {
        ClassReader r = new ClassReader(classFile);
        ClassWriter w = new ClassWriter(r, 0);
        r.accept(new ClassVisitor(Opcodes.ASM9, w) {
            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                return new FieldVisitor(Opcodes.ASM9, super.visitField(access, name, descriptor, signature, value)) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (CONSTANT.equals(desc)) {
                            super.visitAnnotation(STABLE, true).visitEnd();
                        }
                        return super.visitAnnotation(desc, visible);
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (OUT_OF_LINE.equals(desc)) {
                            super.visitAnnotation(DONT_INLINE, true).visitEnd();
                        } else if (INLINE.equals(desc)) {
                            super.visitAnnotation(FORCE_INLINE, true).visitEnd();
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
     * RawAccess with the bodies of {@code tid(Thread)}, {@code wordAt(Object, long)} and
     * {@code setWordAt(Object, long, long)} replaced by direct calls of {@code Unsafe.getUnsafe()}'s {@code getLong} and
     * {@code putLong} (on {@code TID} for the first), which the JIT compiles to one load or store (see RawAccess.tid);
     * any other class file unchanged. The calls resolve only when they first run, which RawAccess allows only once the
     * handles worked, so the package is then exported to the boot class path's module.
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
                MethodVisitor target = super.visitMethod(access, name, descriptor, signature, exceptions);
                String method = name + descriptor;
                boolean tid = "tid(Ljava/lang/Thread;)J".equals(method);
                boolean get = "wordAt(Ljava/lang/Object;J)J".equals(method);
                boolean put = "setWordAt(Ljava/lang/Object;JJ)V".equals(method);
                if (!tid && !get && !put) {
                    return target;
                }
                return new MethodVisitor(Opcodes.ASM9) { // the original body is dropped, its annotations kept
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        return target.visitAnnotation(desc, visible);
                    }

                    @Override
                    public void visitEnd() {
                        directBody(target, tid, put);
                    }
                };
            }
        }, 0);
        return w.toByteArray();
    }

    /** {@code Unsafe.getUnsafe().getLong(arg0, TID)}, or of {@code (arg0, arg1)}, or {@code putLong(arg0, arg1, arg3)}. */
    private static void directBody(MethodVisitor mv, boolean tid, boolean put) {
        mv.visitCode();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, UNSAFE, "getUnsafe", "()L" + UNSAFE + ";", false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        if (tid) {
            mv.visitFieldInsn(Opcodes.GETSTATIC, RAW_ACCESS, "TID", "J");
        } else {
            mv.visitVarInsn(Opcodes.LLOAD, 1);
        }
        if (put) {
            mv.visitVarInsn(Opcodes.LLOAD, 3);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "putLong", "(Ljava/lang/Object;JJ)V", false);
            mv.visitInsn(Opcodes.RETURN);
        } else {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "getLong", "(Ljava/lang/Object;J)J", false);
            mv.visitInsn(Opcodes.LRETURN);
        }
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** True when the hook classes resolve from the bootstrap loader (else only application classes may call them). */
    public static boolean onBootstrapPath() {
        return com.numa.profiler.rt.Hooks.class.getClassLoader() == null;
    }
}
