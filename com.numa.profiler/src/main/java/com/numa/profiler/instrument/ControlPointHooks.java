package com.numa.profiler.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Marks the points that open and close the profiling window: explicit GCs (System.gc(), Runtime.gc()) and the entries
 * of the configured start/stop methods.
 */
final class ControlPointHooks extends MethodVisitor {
    private final int entryPoint;

    /** {@code entryPoint} is WindowEvents.START_POINT/STOP_POINT for a start/stop method, 0 otherwise. */
    ControlPointHooks(MethodVisitor next, int entryPoint) {
        super(Opcodes.ASM9, next);
        this.entryPoint = entryPoint;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (entryPoint != 0) {
            super.visitLdcInsn(entryPoint);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "controlPoint", "(I)V", false);
        }
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        if ("gc".equals(name) && "()V".equals(desc)
                && (opcode == Opcodes.INVOKESTATIC && "java/lang/System".equals(owner)
                        || opcode == Opcodes.INVOKEVIRTUAL && "java/lang/Runtime".equals(owner))) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "explicitGc", "()V", false);
        }
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }
}
