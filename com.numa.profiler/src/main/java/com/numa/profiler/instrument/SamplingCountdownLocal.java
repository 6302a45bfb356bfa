package com.numa.profiler.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.LocalVariablesSorter;

/**
 * In sampled mode, gives each method a local copy of the calling thread's sampling countdown, so that an access which is
 * not sampled costs a decrement and a compare of a register, with no memory access at all (a countdown kept in memory
 * chains every access to the previous one's store). The copy goes back to the thread's slot before every call and
 * before the method returns or throws, and is loaded at entry and after every call, since the callee used part of it.
 * Frames gain the local as an int (the sorter adds it to every frame, hence expanded frames).
 */
final class SamplingCountdownLocal extends LocalVariablesSorter {
    /** The local's index once {@link #visitCode} ran; -1 before. */
    private int local = -1;

    SamplingCountdownLocal(int access, String desc) {
        super(Opcodes.ASM9, access, desc, null);
    }

    /** Sets the visitor receiving the rewritten code, built after this one because it needs {@link #local}. */
    void setNext(MethodVisitor next) {
        this.mv = next;
    }

    /** Index of the countdown local in the rewritten method, for the hooks to load and store. */
    int local() {
        return local;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        local = newLocal(Type.INT_TYPE);
        reload();
    }

    private void reload() {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "countdown", "()I", false);
        mv.visitVarInsn(Opcodes.ISTORE, local);
    }

    private void store() {
        mv.visitVarInsn(Opcodes.ILOAD, local);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "storeCountdown", "(I)V", false);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        boolean call = !AccessHookInserter.HOOKS.equals(owner);
        if (call) {
            store();
        }
        super.visitMethodInsn(opcode, owner, name, desc, itf);
        if (call) {
            reload();
        }
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... bsmArgs) {
        store();
        super.visitInvokeDynamicInsn(name, desc, bsm, bsmArgs);
        reload();
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN || opcode == Opcodes.ATHROW) {
            store();
        }
        super.visitInsn(opcode);
    }
}
