package com.numa.profiler.instrument;

import com.numa.profiler.tracking.ReferenceFields;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * For -XX:NUMAProfilerTrace only: passes every reference store with its target to the hooks, so the trace holds the
 * object graph (reference PUTFIELD → Hooks.referenceStored, AASTORE → Hooks.elementStored, reference PUTSTATIC →
 * Hooks.staticReferenceStored, a root). Like {@link AccessHookInserter} it inserts stack shuffles and a static call,
 * never a branch, and leaves a constructor's {@code this} alone until it is initialised. Without the flag this visitor
 * is not in the chain, so classes are exactly as before.
 */
final class ReferenceStoreTracer extends NewInitTrackingVisitor {
    private final ReferenceFields fields;

    ReferenceStoreTracer(MethodVisitor next, String methodName, ReferenceFields fields) {
        super(next, methodName);
        this.fields = fields;
    }

    private static boolean reference(String desc) {
        return desc.charAt(0) == 'L' || desc.charAt(0) == '[';
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
        pairing.onOther(false);
        if (reference(desc)) {
            if (opcode == Opcodes.PUTFIELD && !pairing.thisUninitialized()) {
                super.visitInsn(Opcodes.DUP2); // [obj v] -> [obj v obj v]
                super.visitLdcInsn(fields.id(owner, name));
                super.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "referenceStored",
                        "(Ljava/lang/Object;Ljava/lang/Object;I)V", false);
            } else if (opcode == Opcodes.PUTSTATIC) {
                super.visitInsn(Opcodes.DUP); // [v] -> [v v]
                super.visitLdcInsn(fields.id(owner, name));
                super.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "staticReferenceStored",
                        "(Ljava/lang/Object;I)V", false);
            }
        }
        super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitInsn(int opcode) {
        pairing.onOther(opcode == Opcodes.DUP);
        if (opcode == Opcodes.AASTORE) { // [a i v] -> [v a i v] -> [v a i] -> [a i v a i] -> hook(v, a, i) returns v
            super.visitInsn(Opcodes.DUP_X2);
            super.visitInsn(Opcodes.POP);
            super.visitInsn(Opcodes.DUP2_X1);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "elementStored",
                    "(Ljava/lang/Object;Ljava/lang/Object;I)Ljava/lang/Object;", false);
        }
        super.visitInsn(opcode);
    }
}
