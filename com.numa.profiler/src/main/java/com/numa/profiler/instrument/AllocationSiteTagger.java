package com.numa.profiler.instrument;

import com.numa.core.types.TypeNames;
import com.numa.profiler.rt.Hooks;
import com.numa.profiler.rt.WordHooks;
import com.numa.profiler.tracking.ObjectSizes;
import com.numa.profiler.tracking.OwnerWords;
import com.numa.profiler.tracking.SiteRegistry;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Tags every allocation with its site (class, method, line): Hooks.allocated(obj, site) right after arrays are made
 * and right after a NEW'd object's constructor returns (an uninitialised object may not be passed to a method).
 * Primitive arrays whose elements no hook accesses are only counted, by a hook that takes their length, not the array.
 * In sampled mode (without diagnosis or trace) objects made with NEW get WordHooks.allocatedOwned, which writes their
 * header word in place instead of passing them.
 */
final class AllocationSiteTagger extends MethodVisitor {
    /** What a primitive array's allocation gets. */
    enum PrimitiveArrays {
        /** Tagged like every object: its elements' accesses are hooked (all accesses), or a trace records it. */
        TAGGED,
        /** Counted, each one (Hooks.primitiveArrayMade): nothing will look its owner up. */
        COUNTED,
        /** Counted one in N, inline (Hooks.primitiveArrayMadeSampled). */
        SAMPLED;

        static PrimitiveArrays of(boolean allAccesses, boolean traced, boolean sampled) {
            return allAccesses || traced ? TAGGED : sampled ? SAMPLED : COUNTED;
        }
    }

    /** The element type of a NEWARRAY operand (T_BOOLEAN = 4 ... T_LONG = 11). */
    private static final Class<?>[] ELEMENTS = {null, null, null, null, boolean.class, char.class, float.class,
        double.class, byte.class, short.class, int.class, long.class};
    private final PrimitiveArrays primitiveArrays;
    private final String className;
    private final String methodName;
    private final SiteRegistry registry;
    private final NewInitPairing pairing;
    private final java.util.ArrayDeque<String> newTypes = new java.util.ArrayDeque<>();
    /** Sampled mode without diagnosis or trace: objects made with NEW get WordHooks.allocatedOwned. */
    private final boolean wordHooks;
    private int line;

    AllocationSiteTagger(MethodVisitor next, String className, String methodName, SiteRegistry registry,
            PrimitiveArrays primitiveArrays, boolean wordHooks) {
        super(Opcodes.ASM9, next);
        this.wordHooks = wordHooks;
        this.primitiveArrays = primitiveArrays;
        this.className = className;
        this.methodName = methodName;
        this.registry = registry;
        this.pairing = new NewInitPairing(methodName);
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
    }

    private void tag(String javaType, boolean array) {
        int site = registry.addSite(className, methodName, line, javaType, array);
        // the last id stands for every site beyond the word's reach: their classes differ, so do their word offsets
        boolean word = wordHooks && !array && site < Math.min(OwnerWords.MAX_SITE, WordHooks.CAPACITY);
        super.visitInsn(Opcodes.DUP);
        super.visitLdcInsn(site);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, word ? AccessHookInserter.WORD_HOOKS : AccessHookInserter.HOOKS,
                word ? "allocatedOwned" : "allocated", "(Ljava/lang/Object;I)V", false);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        super.visitTypeInsn(opcode, type);
        if (opcode == Opcodes.NEW) {
            pairing.onNew();
            newTypes.push(type);
        } else {
            pairing.onOther(false);
            if (opcode == Opcodes.ANEWARRAY) {
                tag(TypeNames.of(type.startsWith("[") ? "[" + type : "[L" + type + ";"), true);
            }
        }
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        pairing.onOther(false);
        super.visitIntInsn(opcode, operand);
        if (opcode == Opcodes.NEWARRAY) {
            Class<?> element = ELEMENTS[operand];
            String type = TypeNames.of("[" + Type.getDescriptor(element));
            if (primitiveArrays == PrimitiveArrays.TAGGED) {
                tag(type, true);
            } else { // [array] -> [array array] -> [array length] -> hook(length, siteAndScale) -> [array]
                int site = registry.addSite(className, methodName, line, type, true);
                super.visitInsn(Opcodes.DUP);
                super.visitInsn(Opcodes.ARRAYLENGTH);
                super.visitLdcInsn(Hooks.siteAndScale(site, ObjectSizes.elementBytes(element)));
                super.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS,
                        primitiveArrays == PrimitiveArrays.SAMPLED ? "primitiveArrayMadeSampled" : "primitiveArrayMade",
                        "(II)V", false);
            }
        }
    }

    @Override
    public void visitMultiANewArrayInsn(String desc, int dims) {
        pairing.onOther(false);
        super.visitMultiANewArrayInsn(desc, dims);
        tag(TypeNames.of(desc), true);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        super.visitMethodInsn(opcode, owner, name, desc, itf);
        if (opcode == Opcodes.INVOKESPECIAL && "<init>".equals(name)) {
            boolean hadNew = !newTypes.isEmpty();
            String type = hadNew ? newTypes.pop() : null;
            if (pairing.onInit() && hadNew) {
                tag(TypeNames.of(type), false);
            }
        } else {
            pairing.onOther(false);
        }
    }

    @Override
    public void visitInsn(int opcode) {
        pairing.onOther(opcode == Opcodes.DUP);
        super.visitInsn(opcode);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        pairing.onOther(false);
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
        pairing.onOther(false);
        super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitLdcInsn(Object value) {
        pairing.onOther(false);
        super.visitLdcInsn(value);
    }
}
