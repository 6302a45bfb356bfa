package com.numa.profiler;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Puts the hook runtime (package {@code com.numa.profiler.rt}) on the bootstrap class path, so that JDK classes and
 * classes of every loader can call it. Must run before anything loads those classes from the system class path.
 */
final class BootstrapRuntime {
    static final String[] CLASSES = {"com/numa/profiler/rt/Hooks", "com/numa/profiler/rt/AccessSink",
        "com/numa/profiler/rt/RawAccess"};
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
                        in.transferTo(out);
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

    /** True when the hook classes resolve from the bootstrap loader (else only application classes may call them). */
    static boolean onBootstrapPath() {
        return com.numa.profiler.rt.Hooks.class.getClassLoader() == null;
    }
}
