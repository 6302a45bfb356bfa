package com.numa.profiler.instrument;

import com.numa.profiler.sharing.AtomicCalls;
import com.numa.profiler.sharing.FieldIds;
import com.numa.profiler.tracking.OwnerIds;
import com.numa.profiler.tracking.SiteRegistry;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * Calls Hooks.read/write before field accesses, Hooks.readArray/writeArray (array and index) before array ones, and
 * readStatic/writeStatic before static ones; not before the reads compiled code serves without memory (static finals,
 * repeats: {@link UnhookedReads}). Only stack
 * shuffles and a static call are inserted (in sampled mode also a load and a store of the countdown local), never a
 * branch, so the method's stack map frames stay valid as they are.
 * Under -XX:+NUMAProfilerDiagnose field hooks also pass the field's id ({@link FieldIds}). Under the diagnosis and
 * -XX:NUMAProfilerCoverage=program calls that read or write an atomic box's value ({@link AtomicCalls}) get a field
 * hook on the box.
 */
final class AccessHookInserter extends NewInitTrackingVisitor {
    static final String HOOKS = "com/numa/profiler/rt/Hooks";
    static final String WORD_HOOKS = "com/numa/profiler/rt/WordHooks";
    private final boolean allAccesses;
    private final SiteRegistry registry;
    /** The method's sampling countdown in sampled mode (the hooks take and return it), else null. */
    private final SamplingCountdownLocal countdown;
    /** Sampled mode without a local: the InSlot hooks count down the thread's slot themselves. */
    private final boolean inSlot;
    /** Non-null under -XX:+NUMAProfilerDiagnose: field hooks then name their field. */
    private final FieldIds fields;
    /** Calls on atomic boxes count as accesses of the box's value (diagnosis, program coverage). */
    private final boolean atomicCalls;
    /** The reads that get no hook, by ordinal among the method's field instructions. */
    private final UnhookedReads unhooked;
    /** Field instructions visited so far. */
    private int fieldOrdinal;
    /**
     * Sampled mode without diagnosis or trace: the id of a field's owner class for the word hooks (WordHooks), or
     * OwnerIds.NONE; null: field hooks pass the object to Hooks.
     */
    private final java.util.function.ToIntFunction<String> owners;

    /**
     * {@code inSlot}: sampled, each hook stepping the thread's countdown slot (no local; {@code countdown} null); not
     * with diagnosis, whose field hooks have no InSlot variant. {@code fields}: non-null under diagnosis.
     * {@code unhooked}: the method's reads that get no hook. {@code owners}: in sampled mode, the owner ids of the word
     * hooks (null: none). {@code atomicCalls}: calls on atomic boxes are hooked as accesses of their value.
     */
    AccessHookInserter(MethodVisitor next, String methodName, boolean allAccesses, SiteRegistry registry,
            SamplingCountdownLocal countdown, boolean inSlot, FieldIds fields, UnhookedReads unhooked,
            java.util.function.ToIntFunction<String> owners, boolean atomicCalls) {
        super(next, methodName);
        this.atomicCalls = atomicCalls || fields != null;
        this.owners = countdown == null && !inSlot || fields != null ? null : owners;
        this.unhooked = unhooked;
        this.fields = fields;
        this.allAccesses = allAccesses;
        this.registry = registry;
        this.countdown = countdown;
        this.inSlot = inSlot;
    }

    /**
     * Calls hook {@code name} on the operands on the stack, described by {@code args} (e.g. "Ljava/lang/Object;"). In
     * sampled mode the Sampled variant also takes the countdown and returns what is left of it, or the InSlot variant
     * counts down the thread's slot.
     */
    private void call(String name, String args) {
        call(HOOKS, name, args);
    }

    private void call(String hooks, String name, String args) {
        if (inSlot) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, hooks, name + "InSlot", "(" + args + ")V", false);
        } else if (countdown == null) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, hooks, name, "(" + args + ")V", false);
        } else {
            super.visitVarInsn(Opcodes.ILOAD, countdown.local());
            super.visitMethodInsn(Opcodes.INVOKESTATIC, hooks, name + "Sampled", "(" + args + "I)I", false);
            super.visitVarInsn(Opcodes.ISTORE, countdown.local());
        }
    }

    /** Whether a field access of type {@code desc} gets a hook: references always, primitives in "all" mode. */
    static boolean hooksField(String desc, boolean allAccesses) {
        return allAccesses || desc.charAt(0) == 'L' || desc.charAt(0) == '[';
    }

    /** Whether an array load or store gets a hook: AALOAD/AASTORE always, the primitive ones in "all" mode. */
    static boolean hooksArray(int opcode, boolean allAccesses) {
        boolean arrayOp = opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD
                || opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE;
        return arrayOp && (allAccesses || opcode == Opcodes.AALOAD || opcode == Opcodes.AASTORE);
    }

    /**
     * Whether a method body has an access this inserter would hook (possibly one it then skips); {@code atomicCalls}:
     * calls on atomic boxes are hooked too (diagnosis).
     */
    static boolean hasHooks(InsnList code, boolean allAccesses, boolean atomicCalls, UnhookedReads unhooked) {
        int field = 0;
        for (AbstractInsnNode insn : code) {
            if (hooks(insn, allAccesses, unhooked, field) || (atomicCalls && insn instanceof MethodInsnNode m
                    && insn.getOpcode() == Opcodes.INVOKEVIRTUAL && AtomicCalls.effect(m.owner, m.name) != AtomicCalls.Effect.NONE)) {
                return true;
            }
            field += insn instanceof FieldInsnNode ? 1 : 0;
        }
        return false;
    }

    /** Whether {@code insn} gets a hook; {@code field}: its ordinal among the field instructions if it is one. */
    private static boolean hooks(AbstractInsnNode insn, boolean allAccesses, UnhookedReads unhooked, int field) {
        if (insn instanceof FieldInsnNode f) {
            return hooksField(f.desc, allAccesses) && !unhooked.skips(field);
        }
        return hooksArray(insn.getOpcode(), allAccesses);
    }

    /**
     * Sampled mode: whether a method with hooks should keep the countdown in a local ({@link SamplingCountdownLocal})
     * rather than step the thread's slot at each access (the InSlot hooks). A local costs a load at entry, a store at
     * exit and a store and a load around every call (10 bytes of bytecode per call, which count against the JIT's
     * inlining limits); a slot step costs about one of those per access. So the local pays only where accesses
     * outnumber twice the calls: in the loops, which run many times per call of the method (their own accesses against
     * their own calls), or else in the whole body. A loop whose body is mostly calls (an interpreter's dispatch loop, a
     * visitor walking a tree) steps the slot instead: it would pay two handovers per call in every iteration.
     */
    static boolean wantsCountdownLocal(InsnList code, boolean allAccesses) {
        return wantsCountdownLocal(code, allAccesses, UnhookedReads.NONE);
    }

    /** As above, the reads of {@code unhooked} not counted as accesses (they get no hook). */
    static boolean wantsCountdownLocal(InsnList code, boolean allAccesses, UnhookedReads unhooked) {
        boolean[] inLoop = loopBodies(code);
        int accesses = 0;
        int calls = 0;
        int loopAccesses = 0;
        int loopCalls = 0;
        int i = 0;
        int field = 0;
        for (AbstractInsnNode insn : code) {
            if (hooks(insn, allAccesses, unhooked, field)) {
                accesses++;
                loopAccesses += inLoop[i] ? 1 : 0;
            } else if (insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode) {
                calls++;
                loopCalls += inLoop[i] ? 1 : 0;
            }
            field += insn instanceof FieldInsnNode ? 1 : 0;
            i++;
        }
        return loopAccesses > 2 * loopCalls || accesses > 2 * calls + 2;
    }

    /** Per instruction index: whether it lies between a backward jump (or switch case) and its target. */
    static boolean[] loopBodies(InsnList code) {
        boolean[] inLoop = new boolean[code.size()];
        for (AbstractInsnNode insn : code) {
            int at = code.indexOf(insn);
            if (insn instanceof JumpInsnNode j) {
                mark(inLoop, code.indexOf(j.label), at);
            } else if (insn instanceof TableSwitchInsnNode t) {
                markCases(inLoop, code, t.dflt, t.labels, at);
            } else if (insn instanceof LookupSwitchInsnNode t) {
                markCases(inLoop, code, t.dflt, t.labels, at);
            }
        }
        return inLoop;
    }

    private static void markCases(boolean[] inLoop, InsnList code, LabelNode dflt, java.util.List<LabelNode> labels,
            int jump) {
        mark(inLoop, code.indexOf(dflt), jump);
        labels.forEach(l -> mark(inLoop, code.indexOf(l), jump));
    }

    private static void mark(boolean[] inLoop, int target, int jump) {
        if (target <= jump) {
            java.util.Arrays.fill(inLoop, target, jump + 1, true);
        }
    }

    /**
     * The hook of a field access of {@code owner.field}: a word hook with the owner's id where there are ones, named by
     * its id under diagnosis, else the plain one.
     */
    private void fieldHook(String name, String owner, String field) {
        int ownerId = owners == null ? OwnerIds.NONE : owners.applyAsInt(owner);
        if (ownerId != OwnerIds.NONE) {
            super.visitLdcInsn(ownerId);
            call(WORD_HOOKS, name + "Owned", "Ljava/lang/Object;I");
        } else if (fields == null) {
            call(name, "Ljava/lang/Object;");
        } else {
            super.visitLdcInsn(fields.id(owner, field));
            call(name + "Field", "Ljava/lang/Object;I");
        }
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
        pairing.onOther(false);
        boolean wide = desc.equals("J") || desc.equals("D");
        boolean skipped = unhooked.skips(fieldOrdinal++);
        if (hooksField(desc, allAccesses) && !skipped && !pairing.thisUninitialized()) {
            switch (opcode) {
                case Opcodes.GETFIELD:
                    super.visitInsn(Opcodes.DUP); // [obj] -> [obj obj]
                    fieldHook("read", owner, name);
                    break;
                case Opcodes.PUTFIELD:
                    if (wide) { // [obj vv] -> [vv obj vv] -> [vv obj] -> [obj vv obj]
                        super.visitInsn(Opcodes.DUP2_X1);
                        super.visitInsn(Opcodes.POP2);
                        super.visitInsn(Opcodes.DUP_X2);
                    } else { // [obj v] -> [obj v obj v] -> [obj v obj]
                        super.visitInsn(Opcodes.DUP2);
                        super.visitInsn(Opcodes.POP);
                    }
                    fieldHook("write", owner, name);
                    break;
                case Opcodes.GETSTATIC:
                case Opcodes.PUTSTATIC:
                    super.visitLdcInsn(registry.staticStorageId(owner));
                    call(opcode == Opcodes.GETSTATIC ? "readStatic" : "writeStatic", "I");
                    break;
                default:
                    break;
            }
        }
        super.visitFieldInsn(opcode, owner, name, desc);
    }

    /**
     * Diagnosis and program coverage: a call that reads or writes an atomic box's value gets a field hook on the box,
     * which lies under the arguments: copied up with the same shuffles as a PUTFIELD's receiver (one or two slots above
     * it), or, under the diagnosis, for {@code AtomicLong.compareAndSet(long, long)}, the call replaced by one that
     * reports and then calls.
     */
    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        AtomicCalls.Effect effect = !atomicCalls || opcode != Opcodes.INVOKEVIRTUAL ? AtomicCalls.Effect.NONE
                : AtomicCalls.effect(owner, name);
        if (effect != AtomicCalls.Effect.NONE) {
            String hook = effect == AtomicCalls.Effect.READ ? "read" : "write";
            int slots = AtomicCalls.argumentSlots(desc);
            if (slots == 0) {
                super.visitInsn(Opcodes.DUP);
                fieldHook(hook, owner, AtomicCalls.FIELD);
            } else if (slots == 1) { // [a v] -> [a v a v] -> [a v a]
                super.visitInsn(Opcodes.DUP2);
                super.visitInsn(Opcodes.POP);
                fieldHook(hook, owner, AtomicCalls.FIELD);
            } else if (slots == 2) { // [a vv] -> [vv a vv] -> [vv a] -> [a vv a]
                super.visitInsn(Opcodes.DUP2_X1);
                super.visitInsn(Opcodes.POP2);
                super.visitInsn(Opcodes.DUP_X2);
                fieldHook(hook, owner, AtomicCalls.FIELD);
            } else if (fields != null && countdown == null && AtomicCalls.isLongCompareAndSet(owner, name, desc)) {
                pairing.onOther(false);
                super.visitLdcInsn(fields.id(owner, AtomicCalls.FIELD));
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "atomicLongCompareAndSet",
                        "(Ljava/util/concurrent/atomic/AtomicLong;JJI)Z", false);
                return;
            }
        }
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    @Override
    public void visitInsn(int opcode) {
        pairing.onOther(opcode == Opcodes.DUP);
        if (hooksArray(opcode, allAccesses)) {
            if (opcode <= Opcodes.SALOAD) {
                arrayRead();
            } else {
                arrayWrite(opcode == Opcodes.LASTORE || opcode == Opcodes.DASTORE);
            }
        }
        super.visitInsn(opcode);
    }

    private void arrayHook(String name) {
        call(name, "Ljava/lang/Object;I");
    }

    private void arrayRead() { // [a i] -> [a i a i] -> hook(a, i) -> [a i]
        super.visitInsn(Opcodes.DUP2);
        arrayHook("readArray");
    }

    private void arrayWrite(boolean wide) {
        if (wide) { // [a i vv] -> [vv a i vv] -> [vv a i] -> [a i vv a i]
            super.visitInsn(Opcodes.DUP2_X2);
            super.visitInsn(Opcodes.POP2);
            super.visitInsn(Opcodes.DUP2_X2);
        } else { // [a i v] -> [v a i v] -> [v a i] -> [a i v a i]
            super.visitInsn(Opcodes.DUP_X2);
            super.visitInsn(Opcodes.POP);
            super.visitInsn(Opcodes.DUP2_X1);
        }
        arrayHook("writeArray"); // hook(a, i) -> [a i v(v)]
    }
}
