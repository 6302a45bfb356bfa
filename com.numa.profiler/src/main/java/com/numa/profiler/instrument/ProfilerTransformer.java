package com.numa.profiler.instrument;

import com.numa.core.log.NumaLog;
import com.numa.profiler.sharing.FieldIds;
import com.numa.profiler.tracking.HeaderWordClasses;
import com.numa.profiler.tracking.HookHold;
import com.numa.profiler.tracking.ReferenceFields;
import com.numa.profiler.tracking.SiteRegistry;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites classes as they load (and, for retransformation, method bodies only). A class that fails to transform is
 * left unchanged and reported once. Frames are kept, never recomputed: the inserted code has no branches, so no class
 * needs to be loaded to compute common supertypes while another is being defined (sampled mode adds one int local,
 * which ASM's LocalVariablesSorter writes into the existing frames).
 */
public final class ProfilerTransformer implements ClassFileTransformer {
    /** The loader of numa-jvm's own classes when it is not the application's (see com.numa.boot), else null. */
    private static final ClassLoader OWN_LOADER = ProfilerTransformer.class.getClassLoader()
            == ClassLoader.getSystemClassLoader() ? null : ProfilerTransformer.class.getClassLoader();
    private final ClassFilter filter;
    private final SiteRegistry registry;
    private final boolean allAccesses;
    private final boolean sampled;
    private final String startAt;
    private final String stopAt;
    private final NumaLog log;
    private final ReferenceFields tracedFields;
    /** Classes given the header word; a subclass of one of them inherits it. */
    private final HeaderWordClasses injected;
    /** Non-null under -XX:+NUMAProfilerDiagnose: field hooks name their fields. */
    private volatile FieldIds diagnosedFields;
    private final Set<String> retransformRequested = ConcurrentHashMap.newKeySet();
    private final ThreadLocal<Boolean> transforming = new ThreadLocal<>();
    /** What each class file declares, cached: reads the JIT serves without memory get no hook (UnhookedReads). */
    private final DeclaredFields declaredFields = new DeclaredFields();
    final AtomicLong transformed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();

    /**
     * {@code sampled}: the profiler counts one access in N, so methods keep the countdown in a local;
     * {@code tracedFields}: non-null when a trace is recorded (reference stores are then hooked with their targets);
     * {@code injected}: where the classes given the header word are recorded (none when it is disabled).
     */
    public ProfilerTransformer(ClassFilter filter, SiteRegistry registry, boolean allAccesses, boolean sampled, String startAt,
            String stopAt, NumaLog log, ReferenceFields tracedFields, HeaderWordClasses injected) {
        this.injected = injected;
        this.tracedFields = tracedFields;
        this.filter = filter;
        this.registry = registry;
        this.allAccesses = allAccesses;
        this.sampled = sampled;
        this.startAt = startAt;
        this.stopAt = stopAt;
        this.log = log;
    }

    /** Calls on atomic boxes count as accesses of their value (program coverage, and always with the diagnosis). */
    private volatile boolean atomicCalls;

    /** Calls on atomic boxes are hooked from now on (-XX:NUMAProfilerCoverage=program; before the transformer is added). */
    public void hookAtomicCalls() {
        this.atomicCalls = true;
    }

    /** Field hooks name their fields from now on (-XX:+NUMAProfilerDiagnose; set before the transformer is added). */
    public void diagnose(FieldIds fields) {
        this.diagnosedFields = fields;
    }

    /** Non-null when FieldReach learns which JDK classes have instrumented code. */
    private volatile java.util.function.Consumer<String> jdkInstrumented;

    /** Each JDK class instrumented from now on is told to {@code classes} by internal name (before it is added). */
    public void reportInstrumentedJdkClasses(java.util.function.Consumer<String> classes) {
        this.jdkInstrumented = classes;
    }

    /** Null in tests that load classes by hand: the hooks are then not held while a class is rewritten. */
    private volatile HookHold hookHold;

    /** The calling thread's hooks are held off while a class is rewritten on it (before the transformer is added). */
    public void holdHooksWhileRewriting(HookHold hold) {
        this.hookHold = hold;
    }

    /** Set once the profile is final (exit): classes loaded after that are left as they are. */
    private volatile boolean finished;

    /**
     * Classes load unchanged from now on: called at exit, once the window is closed for good, when no access can be
     * counted any more, but the profile writers and the application's shutdown hooks still load JDK classes.
     */
    public void finish() {
        this.finished = true;
    }

    /** Set once the hook runtime's module is known (null in tests that load classes by hand). */
    private volatile ModuleReads moduleReads;

    public void useModuleReads(ModuleReads reads) {
        this.moduleReads = reads;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd,
            byte[] bytes) {
        if (name == null || transforming.get() != null) {
            return null;
        }
        ModuleReads reads = moduleReads;
        if (reads != null && module != null && module.isNamed() && filter.accepts(name, jdkLoader(loader))) {
            transforming.set(Boolean.TRUE);
            try {
                if (!reads.ensureReads(module)) {
                    log.once("module:" + module.getName(), "module " + module.getName()
                            + " cannot be made to read the hook runtime; its classes are not instrumented");
                    return null;
                }
            } finally {
                transforming.remove();
            }
        }
        return transform(loader, name, redefined, pd, bytes);
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        if (name == null || finished || transforming.get() != null) {
            return null; // after exit, or a class loaded by our own transformation: left as it is
        }
        if (loader != null && loader == OWN_LOADER) {
            return null; // numa-jvm's own class loader (the packaged agent): nothing of the application's is there
        }
        boolean jdk = jdkLoader(loader);
        boolean requested = redefined != null && retransformRequested.contains(name);
        if (!requested && !filter.accepts(name, jdk)) {
            return null;
        }
        transforming.set(Boolean.TRUE);
        HookHold hold = hookHold;
        boolean held = hold != null && hold.hold();
        try {
            // Retransformation (ours or another agent's) starts again from the original bytes and may not add members,
            // except that a class which got the header word at load time must get exactly the same members again.
            byte[] out = rewrite(loader, bytes, redefined == null || injected.declares(name));
            transformed.incrementAndGet();
            java.util.function.Consumer<String> instrumented = jdkInstrumented;
            if (jdk && instrumented != null) {
                instrumented.accept(name); // before the class is defined: before any of its code runs
            }
            return out;
        } catch (Throwable t) {
            failed.incrementAndGet();
            log.once("transform:" + name, "class " + name.replace('/', '.') + " left unchanged: " + t);
            return null;
        } finally {
            if (held) {
                hold.release();
            }
            transforming.remove();
        }
    }

    /**
     * The instrumented class, defined by {@code loader} (which also finds the classes whose fields it reads);
     * {@code mayAddMembers} is false when retransforming a loaded class.
     */
    byte[] rewrite(ClassLoader loader, byte[] bytes, boolean mayAddMembers) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        ClassVisitor cv = writer;
        boolean inject = mayAddMembers && injected.enabled()
                && (injected.declares(reader.getClassName()) || wantsHeaderWord(reader));
        if (inject) {
            cv = new OwnerFieldInjector(cv);
        }
        cv = new HookingClassVisitor(cv, registry, allAccesses, sampled, startAt, stopAt, tracedFields, diagnosedFields,
                declaredFields, loader, atomicCalls);
        cv = declaredFields.declaring(cv, loader); // before the hooks: they look up the class's own fields
        reader.accept(cv, sampled ? ClassReader.EXPAND_FRAMES : 0); // the countdown local is added to expanded frames
        if (inject) {
            injected.add(reader.getClassName());
        }
        return writer.toByteArray();
    }

    /** Classes only (not interfaces, annotations, modules) whose superclass does not already carry the word. */
    private boolean wantsHeaderWord(ClassReader r) {
        int access = r.getAccess();
        if ((access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE)) != 0) {
            return false;
        }
        String sup = r.getSuperName();
        return sup != null && !injected.declares(sup);
    }

    /** The JDK's classes: those of the boot and platform loaders (instrumented under +NUMAProfilerInstrumentJDK). */
    static boolean jdkLoader(ClassLoader loader) {
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    /** False once {@code javaName} was retransformed (named twice: by -XX:NUMAProfilerRetransform and by coverage). */
    public boolean notYetRetransformed(String javaName) {
        return !retransformRequested.contains(javaName.replace('.', '/'));
    }

    /** Allows retransforming a loaded class the filter would skip (named by -XX:NUMAProfilerRetransform). */
    public void retransforming(String javaName) {
        retransformRequested.add(javaName.replace('.', '/'));
    }

    public long transformedCount() {
        return transformed.get();
    }

    public long failedCount() {
        return failed.get();
    }
}
