package com.numa.profiler.instrument;

import com.numa.profiler.sharing.FieldIds;
import com.numa.profiler.tracking.ReferenceFields;
import com.numa.profiler.tracking.SiteRegistry;
import com.numa.profiler.tracking.WindowEvents;
import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodNode;

/**
 * Composes the per-method visitors (access hooks, allocation sites, control points, in sampled mode the countdown
 * local, and when a trace is recorded the reference stores) for every method with code.
 */
final class HookingClassVisitor extends ClassVisitor {
    private final SiteRegistry registry;
    private final boolean allAccesses;
    private final boolean sampled;
    private final String startAt;
    private final String stopAt;
    /** Non-null when a trace is recorded: reference stores then also go to the hooks with their targets. */
    private final ReferenceFields tracedFields;
    /** Non-null under -XX:+NUMAProfilerDiagnose: field hooks name their fields. */
    private final FieldIds diagnosedFields;
    /** Calls on atomic boxes are hooked as accesses of their value (diagnosis, program coverage). */
    private final boolean atomicCalls;
    private String className;
    /** What the fields the class names are, for the reads that get no hook ({@link UnhookedReads}). */
    private final DeclaredFields declared;
    private final ClassLoader loader;
    private FieldFacts facts;

    /**
     * {@code declared} and {@code loader} (the class's defining loader): tell which reads get no hook;
     * {@code atomicCalls}: calls on atomic boxes are hooked as accesses of their value (always with the diagnosis).
     */
    HookingClassVisitor(ClassVisitor next, SiteRegistry registry, boolean allAccesses, boolean sampled, String startAt,
            String stopAt, ReferenceFields tracedFields, FieldIds diagnosedFields, DeclaredFields declared,
            ClassLoader loader, boolean atomicCalls) {
        super(Opcodes.ASM9, next);
        this.atomicCalls = atomicCalls || diagnosedFields != null;
        this.declared = declared;
        this.loader = loader;
        this.diagnosedFields = diagnosedFields;
        this.tracedFields = tracedFields;
        this.registry = registry;
        this.allAccesses = allAccesses;
        this.sampled = sampled;
        this.startAt = startAt;
        this.stopAt = stopAt;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        className = name;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    /** The fields the class's methods name (the class itself was declared before its first method, see rewrite). */
    private FieldFacts facts() {
        if (facts == null) {
            facts = new FieldFacts() {
                /** Per owner and field: the methods of a class ask about the same fields again and again. */
                private final Map<String, Boolean> staticFinals = new HashMap<>();
                private final Map<String, Boolean> plain = new HashMap<>();

                @Override
                public boolean isStaticFinal(String owner, String field) {
                    return staticFinals.computeIfAbsent(owner + '.' + field,
                            k -> declared.isStaticFinal(loader, owner, field));
                }

                @Override
                public boolean isPlain(String owner, String field) {
                    return plain.computeIfAbsent(owner + '.' + field, k -> declared.isPlain(loader, owner, field));
                }
            };
        }
        return facts;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        if (mv == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return mv;
        }
        String qualified = className.replace('/', '.') + "." + name;
        int point = qualified.equals(startAt) ? WindowEvents.START_POINT
                : qualified.equals(stopAt) ? WindowEvents.STOP_POINT : 0;
        if (tracedFields != null) {
            mv = new ReferenceStoreTracer(mv, name, tracedFields);
        }
        boolean wordHooks = sampled && tracedFields == null && diagnosedFields == null;
        mv = new AllocationSiteTagger(mv, className, name, registry,
                AllocationSiteTagger.PrimitiveArrays.of(allAccesses, tracedFields != null, sampled), wordHooks);
        java.util.function.ToIntFunction<String> owners = wordHooks ? owner -> registry.owners.id(loader, owner) : null;
        // The method is buffered, so that the reads that get no hook are known before its hooks are inserted, and in
        // sampled mode whether it pays for the countdown local; then it is replayed into one chain or another.
        MethodVisitor tagged = mv;
        FieldFacts facts = facts();
        return new MethodNode(Opcodes.ASM9, access, name, desc, signature, exceptions) {
            @Override
            public void visitEnd() {
                super.visitEnd();
                UnhookedReads unhooked = UnhookedReads.of(this, facts);
                MethodVisitor chain;
                if (!sampled) {
                    chain = new AccessHookInserter(tagged, name, allAccesses, registry, null, false, diagnosedFields,
                            unhooked, null, atomicCalls);
                } else if (!AccessHookInserter.hasHooks(instructions, allAccesses, atomicCalls, unhooked)) {
                    chain = tagged;
                } else if (diagnosedFields == null
                        && !AccessHookInserter.wantsCountdownLocal(instructions, allAccesses, unhooked)) {
                    // few accesses per call (in the loops, or in the body): each access steps the thread's slot, no
                    // local to hand over
                    chain = new AccessHookInserter(tagged, name, allAccesses, registry, null, true, null, unhooked,
                            owners, atomicCalls);
                } else {
                    // The sorter must see the original code first (it renumbers the method's own locals) and the
                    // hooks must come after it (they use the new local's final index).
                    SamplingCountdownLocal countdown = new SamplingCountdownLocal(access, desc);
                    countdown.setNext(new AccessHookInserter(tagged, name, allAccesses, registry, countdown, false,
                            diagnosedFields, unhooked, owners, atomicCalls));
                    chain = countdown;
                }
                accept(new ControlPointHooks(chain, point));
            }
        };
    }
}
