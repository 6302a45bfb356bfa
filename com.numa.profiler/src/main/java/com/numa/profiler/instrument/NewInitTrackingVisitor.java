package com.numa.profiler.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A method visitor that inserts code before field or array instructions and must know when a constructor's
 * {@code this} is initialised: it feeds every instruction other than those (which subclasses handle, calling
 * {@code pairing.onOther}) to a {@link NewInitPairing}.
 */
abstract class NewInitTrackingVisitor extends MethodVisitor {
    protected final NewInitPairing pairing;

    NewInitTrackingVisitor(MethodVisitor next, String methodName) {
        super(Opcodes.ASM9, next);
        this.pairing = new NewInitPairing(methodName);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (opcode == Opcodes.NEW) {
            pairing.onNew();
        } else {
            pairing.onOther(false);
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        if (opcode == Opcodes.INVOKESPECIAL && "<init>".equals(name)) {
            pairing.onInit();
        } else {
            pairing.onOther(false);
        }
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        pairing.onOther(false);
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        pairing.onOther(false);
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitLdcInsn(Object value) {
        pairing.onOther(false);
        super.visitLdcInsn(value);
    }
}
