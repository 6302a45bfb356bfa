package com.numa.profiler;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.LocalVariablesSorter;

/**
 * In sampled mode, gives a method a sampling countdown of its own in a long local, started at entry
 * ({@code Hooks.activation}, which only reads: the first block's sampled access at the thread's current phase), so that
 * an access which is not sampled costs a compare and a subtraction of a register, with no memory access at all (a
 * countdown kept in memory chains every access to the previous one's store). The countdown belongs to this activation
 * of the method: nothing is handed to a callee or back to the thread, so calls cost nothing more than without sampling
 * (a copy of the thread's countdown, stored back before every call and reloaded after it, cost about as much as the
 * accesses' own hooks in call-heavy code; see the module README). Frames gain the local as a long (the sorter adds it
 * to every frame, hence expanded frames).
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
        local = newLocal(Type.LONG_TYPE);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AccessHookInserter.HOOKS, "activation", "()J", false);
        mv.visitVarInsn(Opcodes.LSTORE, local);
    }
}
