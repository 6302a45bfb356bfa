package com.numa.profiler;

import com.numa.profiler.sharing.FieldIds;
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
    private String className;
    /** Where the reads of static finals are told apart. */
    private final StaticFinalFields staticFinals;
    private final ClassLoader loader;
    private AccessHookInserter.ConstantStatics constants;

    /** {@code staticFinals} and {@code loader} (the class's defining loader): reads of static finals get no hook. */
    HookingClassVisitor(ClassVisitor next, SiteRegistry registry, boolean allAccesses, boolean sampled, String startAt,
            String stopAt, ReferenceFields tracedFields, FieldIds diagnosedFields, StaticFinalFields staticFinals,
            ClassLoader loader) {
        super(Opcodes.ASM9, next);
        this.staticFinals = staticFinals;
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

    /** The static reads that get no hook (the class itself was declared before its first method, see rewrite). */
    private AccessHookInserter.ConstantStatics constants() {
        if (constants == null) {
            constants = new AccessHookInserter.ConstantStatics() {
                /** Per owner and field: a method's scan and its hooks ask about the same reads. */
                private final Map<String, Boolean> answers = new HashMap<>();

                @Override
                public boolean isConstant(String owner, String field) {
                    return answers.computeIfAbsent(owner + '.' + field,
                            k -> staticFinals.isStaticFinal(loader, owner, field));
                }
            };
        }
        return constants;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        if (mv == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return mv;
        }
        String qualified = className.replace('/', '.') + "." + name;
        int point = qualified.equals(startAt) ? ProfilingWindow.START_POINT
                : qualified.equals(stopAt) ? ProfilingWindow.STOP_POINT : 0;
        if (tracedFields != null) {
            mv = new ReferenceStoreTracer(mv, name, tracedFields);
        }
        mv = new AllocationSiteTagger(mv, className, name, registry);
        if (!sampled) {
            return new ControlPointHooks(new AccessHookInserter(mv, name, allAccesses, registry, null, false,
                    diagnosedFields, constants()), point);
        }
        // Sampled: only a method with access hooks pays for the countdown local (a load at entry and after each call),
        // so the method is buffered, scanned, and then replayed into one chain or the other.
        MethodVisitor tagged = mv;
        AccessHookInserter.ConstantStatics constants = constants();
        return new MethodNode(Opcodes.ASM9, access, name, desc, signature, exceptions) {
            @Override
            public void visitEnd() {
                super.visitEnd();
                MethodVisitor chain;
                if (!AccessHookInserter.hasHooks(instructions, allAccesses, diagnosedFields != null, constants)) {
                    chain = tagged;
                } else if (diagnosedFields == null
                        && !AccessHookInserter.wantsCountdownLocal(instructions, allAccesses, constants)) {
                    // few accesses per call (in the loops, or in the body): each access steps the thread's slot, no
                    // local to hand over
                    chain = new AccessHookInserter(tagged, name, allAccesses, registry, null, true, null, constants);
                } else {
                    // The sorter must see the original code first (it renumbers the method's own locals) and the
                    // hooks must come after it (they use the new local's final index).
                    SamplingCountdownLocal countdown = new SamplingCountdownLocal(access, desc);
                    countdown.setNext(new AccessHookInserter(tagged, name, allAccesses, registry, countdown, false,
                            diagnosedFields, constants));
                    chain = countdown;
                }
                accept(new ControlPointHooks(chain, point));
            }
        };
    }
}
