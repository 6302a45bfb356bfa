package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Sampled mode's choice between the countdown local and the in-slot hooks: the local where accesses outnumber twice
 * the calls, counted in the loops when there are loops (a loop of calls steps the slot), else over the whole body.
 */
class CountdownLocalChoiceTest {
    private static void access(InsnList code) {
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new FieldInsnNode(Opcodes.GETFIELD, "p/C", "ref", "Ljava/lang/Object;"));
        code.add(new InsnNode(Opcodes.POP));
    }

    private static void call(InsnList code) {
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "p/C", "m", "()V", false));
    }

    /** {@code before} accesses and calls, then a loop of {@code loopAccesses} and {@code loopCalls}, then return. */
    private static InsnList method(int accessesBefore, int callsBefore, int loopAccesses, int loopCalls) {
        InsnList code = new InsnList();
        for (int i = 0; i < accessesBefore; i++) {
            access(code);
        }
        for (int i = 0; i < callsBefore; i++) {
            call(code);
        }
        if (loopAccesses + loopCalls > 0) {
            LabelNode top = new LabelNode();
            code.add(top);
            for (int i = 0; i < loopAccesses; i++) {
                access(code);
            }
            for (int i = 0; i < loopCalls; i++) {
                call(code);
            }
            code.add(new VarInsnNode(Opcodes.ILOAD, 1));
            code.add(new JumpInsnNode(Opcodes.IFNE, top));
        }
        code.add(new InsnNode(Opcodes.RETURN));
        return code;
    }

    @Test
    void aLoopOfAccessesKeepsTheCountdownInALocal() {
        assertTrue(AccessHookInserter.wantsCountdownLocal(method(0, 0, 1, 0), false));
        assertTrue(AccessHookInserter.wantsCountdownLocal(method(0, 5, 3, 1), false),
                "three accesses against one call per iteration; the calls outside the loop run once");
    }

    @Test
    void aLoopOfCallsStepsTheSlot() {
        assertFalse(AccessHookInserter.wantsCountdownLocal(method(0, 0, 2, 1), false), "two handovers per iteration");
        assertFalse(AccessHookInserter.wantsCountdownLocal(method(1, 0, 1, 3), false));
    }

    @Test
    void withoutALoopTheWholeBodyCounts() {
        assertTrue(AccessHookInserter.wantsCountdownLocal(method(5, 1, 0, 0), false));
        assertFalse(AccessHookInserter.wantsCountdownLocal(method(4, 1, 0, 0), false), "4 is not more than 2 * 1 + 2");
        assertFalse(AccessHookInserter.wantsCountdownLocal(method(2, 0, 0, 0), false));
    }

    @Test
    void aLoopBodyRunsFromTheTargetToTheBackwardJump() {
        InsnList code = method(1, 0, 1, 0); // access (3 insns), label, access (3), iload, ifne, return
        boolean f = false;
        boolean t = true;
        assertArrayEquals(new boolean[] {f, f, f, t, t, t, t, t, t, f},
                AccessHookInserter.loopBodies(code));
    }
}
