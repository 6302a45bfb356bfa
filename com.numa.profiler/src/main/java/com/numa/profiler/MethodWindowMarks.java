package com.numa.profiler;

import com.numa.boot.WindowHooks;
import com.numa.core.log.NumaLog;
import com.numa.core.threads.MainClass;
import com.numa.core.window.MethodWindow;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Marks the measured window between two methods ({@code -XX:NUMAWindowStartAt} / {@code -XX:NUMAWindowStopAt},
 * {@code numa characterize --start-at/--stop-at}) on {@link MethodWindow}, which turns it into the iterations of
 * com.numa.core.window.MeasurementWindow that PerfUtil and the profiler already follow: one mechanism, whichever
 * feature measures. Only the classes declaring the two methods are rewritten, and in them only those methods: a call at
 * the entry of the start method, at the entry of the stop method and before each of its returns, and a catch-all
 * handler (last in the exception table, so the method's own handlers still come first) that marks an exit by exception
 * and rethrows. Names match as the profiler's StartAt/StopAt do: binary class name and method name, every overload.
 *
 * <p>Registered after the profiler's transformer (both retransformation-capable), so it wraps the profiler's code and
 * never the reverse: its handler's frame holds no local, which the sampled profiler's hooks before a throw would read.
 * When the window cannot be marked (the method was never entered, does not exist, belongs to a class whose loader
 * cannot see the agent, or never returned before the JVM exited), one warning at exit says so.
 */
public final class MethodWindowMarks implements ClassFileTransformer {
    private static final String RUNTIME = "com/numa/boot/WindowHooks";

    private final Target start;
    private final Target stop;
    private final NumaLog log;
    /** What happened to each target class: why it was not marked, or "" when it was. */
    private final Map<String, String> seen = new ConcurrentHashMap<>();
    private final ThreadLocal<Boolean> transforming = new ThreadLocal<>();

    /** Where the hooks in the marked methods report: the window every measuring feature follows. */
    private static final class ToMethodWindow implements WindowHooks.Sink {
        @Override
        public void startEntered() {
            MethodWindow.startEntered();
        }

        @Override
        public void stopEntered() {
            MethodWindow.stopEntered();
        }

        @Override
        public void stopExited() {
            MethodWindow.stopExited();
        }
    }

    /** A method named by a flag: its class (internal name) and method name; null when the flag is empty. */
    record Target(String flag, String qualified, String owner, String method) {
        static Target of(String flag, String qualified) {
            if (qualified == null || qualified.isBlank()) {
                return null;
            }
            String q = MethodWindow.checkMethodName(qualified);
            int dot = q.lastIndexOf('.');
            return new Target(flag, q, q.substring(0, dot).replace('.', '/'), q.substring(dot + 1));
        }
    }

    MethodWindowMarks(Target start, Target stop, NumaLog log) {
        WindowHooks.install(new ToMethodWindow());
        this.start = start;
        this.stop = stop;
        this.log = log;
    }

    /**
     * Installs the marks for the window from {@code startAt} to {@code stopAt} (empty: the start method; with no start
     * method the window opens now). Does nothing when both are empty. Call it after the features have started, so
     * that they listen to the window and their transformers come first.
     */
    public static void install(Instrumentation inst, String startAt, String stopAt, NumaLog log) {
        Target start = Target.of("-XX:NUMAWindowStartAt", startAt);
        Target stop = Target.of("-XX:NUMAWindowStopAt", stopAt);
        if (start == null && stop == null) {
            return;
        }
        if (stop == null) {
            stop = start;
        }
        MethodWindowMarks marks = new MethodWindowMarks(start, stop, log);
        if (start == null) {
            MethodWindow.openAtStart();
        }
        inst.addTransformer(marks, true);
        marks.retransformLoaded(inst);
        Runtime.getRuntime().addShutdownHook(new Thread(marks::warnAtExit, "NUMA-MethodWindow-Exit"));
    }

    /** A target class loaded before the agent (attached later, or loaded by the agent itself) is rewritten now. */
    private void retransformLoaded(Instrumentation inst) {
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            String name = c.getName().replace('.', '/');
            if ((isTarget(start, name) || isTarget(stop, name)) && inst.isModifiableClass(c)) {
                loaded.add(c);
            }
        }
        for (Class<?> c : loaded) {
            try {
                inst.retransformClasses(c);
            } catch (Exception | LinkageError e) {
                seen.put(c.getName().replace('.', '/'), "was loaded before the agent and cannot be rewritten: " + e);
            }
        }
    }

    private static boolean isTarget(Target t, String internalName) {
        return t != null && t.owner().equals(internalName);
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        boolean isStart = isTarget(start, name);
        boolean isStop = isTarget(stop, name);
        if (!isStart && !isStop || transforming.get() != null) {
            return null;
        }
        transforming.set(Boolean.TRUE);
        try {
            if (name.startsWith("com/numa/core/")) {
                seen.put(name, "is numa-jvm's own code, which is never marked");
                return null;
            }
            if (!seesRuntime(loader)) {
                seen.put(name, "is loaded by " + (loader == null ? "the boot loader" : loader.toString())
                        + ", which cannot see numa-jvm's agent jar, so it cannot be marked; name an application method");
                return null;
            }
            byte[] out = rewrite(bytes, isStart ? start.method() : null, isStop ? stop.method() : null, name);
            return out;
        } catch (Throwable t) {
            seen.put(name, "could not be rewritten: " + t);
            return null;
        } finally {
            transforming.remove();
        }
    }

    /** Whether code of {@code loader} links to the same MethodWindow the features listen to. */
    private static boolean seesRuntime(ClassLoader loader) {
        if (loader == null) {
            return false;
        }
        try {
            return Class.forName(RUNTIME.replace('/', '.'), false, loader) == WindowHooks.class;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The class with the marks; records in {@link #seen} what was found. */
    byte[] rewrite(byte[] bytes, String startMethod, String stopMethod, String className) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        List<String> marked = new ArrayList<>();
        List<String> noCode = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        int[] version = new int[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int v, int access, String name, String signature, String superName, String[] interfaces) {
                version[0] = v & 0xFFFF;
                super.visit(v, access, name, signature, superName, interfaces);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                methods.add(name);
                boolean isStart = name.equals(startMethod);
                boolean isStop = name.equals(stopMethod);
                if (!isStart && !isStop) {
                    return mv;
                }
                if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                    noCode.add(name);
                    return mv;
                }
                marked.add(name);
                return new WindowEdges(mv, isStart, isStop, version[0] >= Opcodes.V1_6);
            }
        }, 0);
        String problem = "";
        for (String m : new String[] {startMethod, stopMethod}) {
            if (m != null && !marked.contains(m)) {
                problem = noCode.contains(m) ? "declares " + m + " abstract or native: name the class that implements it"
                        : "has no method '" + m + "' (its methods: " + String.join(", ", methods.stream().distinct()
                                .filter(n -> !n.startsWith("<") && !n.startsWith("lambda$")).limit(12).toList()) + ")";
            }
        }
        seen.put(className, problem);
        return writer.toByteArray();
    }

    /** Inserts the window's calls into one start and/or stop method. */
    static final class WindowEdges extends MethodVisitor {
        private final boolean start;
        private final boolean stop;
        private final boolean frames;
        private final Label tryStart = new Label();

        WindowEdges(MethodVisitor next, boolean start, boolean stop, boolean frames) {
            super(Opcodes.ASM9, next);
            this.start = start;
            this.stop = stop;
            this.frames = frames;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (start) {
                call("startEntered");
            }
            if (stop) {
                call("stopEntered");
                super.visitLabel(tryStart);
            }
        }

        @Override
        public void visitInsn(int opcode) {
            if (stop && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                call("stopExited");
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            if (stop) {
                // Last in the exception table, so every handler of the method's own comes first. A method's code never
                // falls through its end, so the handler is reached only by an exception; its frame keeps no local
                // (every local is assignable to TOP), which holds wherever in the method the exception comes from.
                Label tryEnd = new Label();
                Label handler = new Label();
                super.visitLabel(tryEnd);
                super.visitLabel(handler);
                if (frames) {
                    super.visitFrame(Opcodes.F_FULL, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"});
                }
                call("stopExited");
                super.visitInsn(Opcodes.ATHROW);
                super.visitTryCatchBlock(tryStart, tryEnd, handler, null);
            }
            super.visitMaxs(maxStack, maxLocals);
        }

        private void call(String hook) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, RUNTIME, hook, "()V", false);
        }
    }

    /** At exit: why the window could not be marked or closed, if it could not (nothing when it worked). */
    void warnAtExit() {
        if (!MainClass.loaded()) {
            return; // the application never started: the launcher reported that
        }
        for (String w : warnings()) {
            log.once(w, "warning: " + MethodWindow.WARNING_PREFIX + w);
        }
    }

    List<String> warnings() {
        return warnings(MethodWindow.startMethodEntered(), MethodWindow.isOpen(), MethodWindow.stopMethodEntered());
    }

    /** The warnings, given the window's state at exit (a parameter, so a test can give it). */
    List<String> warnings(boolean startEntered, boolean open, boolean stopEntered) {
        List<String> out = new ArrayList<>();
        boolean startNamed = start != null;
        if (startNamed && !startEntered) {
            out.add(start.flag() + "=" + start.qualified() + " was never entered, so no window was measured: " + why(start));
        }
        if (open) {
            String opened = startNamed ? "the window opened at " + start.qualified() : "the window opened before main";
            out.add(stopEntered
                    ? opened + " but " + stop.qualified() + " had not returned when the JVM exited (System.exit inside "
                            + "it?), so the last span has no end"
                    : opened + " but " + stop.flag() + "=" + stop.qualified() + " was never entered, so it never closed: "
                            + why(stop));
        }
        return out;
    }

    private String why(Target t) {
        String s = seen.get(t.owner());
        if (s == null) {
            return "class " + t.owner().replace('/', '.') + " was never loaded";
        }
        return s.isEmpty() ? "the method was marked but never called" : "class " + t.owner().replace('/', '.') + " " + s;
    }
}
