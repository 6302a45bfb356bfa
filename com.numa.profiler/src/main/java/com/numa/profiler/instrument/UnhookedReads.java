package com.numa.profiler.instrument;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The field reads of one method that get no access hook, because HotSpot's compiled code makes no memory access for
 * them (what is profiled is the program's traffic to memory, and C2's code is what runs once the program is warm):
 * <ul>
 * <li>reads of static finals: the JIT compiles them to the constant they hold;</li>
 * <li>repeated reads: a read of a plain (known, not volatile) field, {@code GETFIELD} on a receiver loaded from a
 * local or {@code GETSTATIC}, that either repeats the same read earlier on the only path to it (in its basic block,
 * or on through blocks entered only by one forward jump, such as the code after an early return), or lies in a loop,
 * with nothing in between (on that path) or nothing in the loop (anywhere in it) that could change the value or order
 * the read after other memory: no call, no monitor, no store to a field of that name, no store to the receiver's
 * local, no access to a field that may be volatile. C2 serves the repeat from the register the first read filled
 * (value numbering: with one way in, the memory the two reads see is the same) and reads a loop invariant once, before
 * the loop (loop-invariant code motion). So a loop's invariant read is not counted at all: one read per entry of the
 * loop, against the loop's own accesses, is left out.</li>
 * </ul>
 * Reads are named by their ordinal among the method's field instructions, the order the hook inserter meets them.
 */
final class UnhookedReads {
    /** Every read hooked. */
    static final UnhookedReads NONE = new UnhookedReads(new BitSet());
    /** How many instructions back a read looks for the one it repeats: a bound on the scan of long blocks. */
    private static final int REACH = 64;
    /** The receiver of a GETSTATIC: no local. */
    private static final int STATIC = -1;
    /** The receiver of a GETFIELD computed on the stack (a call's result, another field): never a repeat. */
    private static final int COMPUTED = -2;

    private final BitSet skipped;

    private UnhookedReads(BitSet skipped) {
        this.skipped = skipped;
    }

    /** Whether the {@code ordinal}-th field instruction of the method gets no hook. */
    boolean skips(int ordinal) {
        return skipped.get(ordinal);
    }

    /** The reads of {@code method} that get no hook, by what {@code facts} tells of the fields it names. */
    static UnhookedReads of(MethodNode method, FieldFacts facts) {
        BitSet skipped = new BitSet();
        Analysis analysis = null;
        int ordinal = 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof FieldInsnNode f) {
                if (f.getOpcode() == Opcodes.GETSTATIC && facts.isStaticFinal(f.owner, f.name)) {
                    skipped.set(ordinal);
                } else if (isRead(f) && receiver(f) != COMPUTED && facts.isPlain(f.owner, f.name)) {
                    if (analysis == null) {
                        analysis = new Analysis(method, facts);
                    }
                    if (analysis.repeatsOnItsPath(f) || analysis.invariantInLoop(f)) {
                        skipped.set(ordinal);
                    }
                }
                ordinal++;
            }
        }
        return skipped.isEmpty() ? NONE : new UnhookedReads(skipped);
    }

    private static boolean isRead(AbstractInsnNode insn) {
        return insn.getOpcode() == Opcodes.GETFIELD || insn.getOpcode() == Opcodes.GETSTATIC;
    }

    /** The local a read's receiver comes from ({@code ALOAD n} just before a GETFIELD), STATIC or COMPUTED. */
    private static int receiver(FieldInsnNode read) {
        if (read.getOpcode() == Opcodes.GETSTATIC) {
            return STATIC;
        }
        AbstractInsnNode before = previous(read);
        return before instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD ? v.var : COMPUTED;
    }

    /** The instruction before {@code insn}, line numbers and frames skipped (labels are kept: they may be targets). */
    private static AbstractInsnNode previous(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p instanceof LineNumberNode || p instanceof FrameNode) {
            p = p.getPrevious();
        }
        return p;
    }

    /** The method's control flow as far as the two rules need it, built once for the first candidate read. */
    private static final class Analysis {
        private final InsnList code;
        private final FieldFacts facts;
        /** Labels where another path joins: jump and switch targets, and the bounds and handlers of try blocks. */
        private final Set<LabelNode> joins = new HashSet<>();
        /** Per jump target: its one jump, or null when several jumps, a switch or a try block lead there too. */
        private final Map<LabelNode, JumpInsnNode> onlyJump = new HashMap<>();
        /** The method's loops without a call, monitor or possibly volatile access (the others keep every read). */
        private final List<Loop> loops = new ArrayList<>();

        Analysis(MethodNode method, FieldFacts facts) {
            this.code = method.instructions;
            this.facts = facts;
            for (TryCatchBlockNode t : method.tryCatchBlocks) {
                entered(t.start, null);
                entered(t.end, null);
                entered(t.handler, null);
            }
            for (AbstractInsnNode insn : code) {
                if (insn instanceof JumpInsnNode j) {
                    target(j.label, insn);
                } else if (insn instanceof TableSwitchInsnNode s) {
                    target(s.dflt, insn);
                    s.labels.forEach(l -> target(l, insn));
                } else if (insn instanceof LookupSwitchInsnNode s) {
                    target(s.dflt, insn);
                    s.labels.forEach(l -> target(l, insn));
                }
            }
        }

        /** {@code label} is entered by {@code jump} (null: by a switch or an exception). */
        private void entered(LabelNode label, JumpInsnNode jump) {
            onlyJump.put(label, joins.add(label) ? jump : null);
        }

        /** A jump to {@code label}; backwards (or to itself), it closes a loop from the label to the jump. */
        private void target(LabelNode label, AbstractInsnNode jump) {
            entered(label, jump instanceof JumpInsnNode j ? j : null);
            int from = code.indexOf(label);
            int to = code.indexOf(jump);
            if (from <= to) {
                Loop loop = Loop.summed(code, from, to, facts);
                if (loop != null) {
                    loops.add(loop);
                }
            }
        }

        /**
         * The same read earlier on the only path that leads to it, with nothing between that could change what it
         * reads: in its block, or in the block before it where the block is entered only by one forward jump and not
         * from the instruction above it (the code after an early return, {@code if (b >= 0) return b;}).
         */
        boolean repeatsOnItsPath(FieldInsnNode read) {
            int local = receiver(read);
            AbstractInsnNode p = local == STATIC ? read.getPrevious() : previous(read).getPrevious();
            for (int seen = 0; p != null && seen < REACH; p = p.getPrevious()) {
                if (p instanceof LabelNode l && joins.contains(l)) {
                    JumpInsnNode only = onlyEntry(l);
                    if (only == null) {
                        return false;
                    }
                    p = only; // the jump itself changes nothing: the scan goes on above it
                    continue;
                }
                if (p instanceof FieldInsnNode f && f.getOpcode() == read.getOpcode() && f.owner.equals(read.owner)
                        && f.name.equals(read.name) && f.desc.equals(read.desc) && receiver(f) == local) {
                    return true;
                }
                if (changes(p, read.name, local)) {
                    return false;
                }
                seen += p.getOpcode() >= 0 ? 1 : 0;
            }
            return false;
        }

        /**
         * The one jump that enters {@code label}, when that is the only way in: one forward jump, no switch, no try
         * block, and no way down from above (the last instruction before it ends its path, with no other label
         * between); else null.
         */
        private JumpInsnNode onlyEntry(LabelNode label) {
            JumpInsnNode jump = onlyJump.get(label);
            if (jump == null || jump.getOpcode() == Opcodes.JSR || code.indexOf(jump) > code.indexOf(label)) {
                return null;
            }
            AbstractInsnNode above = label.getPrevious();
            while (above != null && above.getOpcode() < 0) {
                if (above instanceof LabelNode l && joins.contains(l)) {
                    return null;
                }
                above = above.getPrevious();
            }
            return above != null && endsPath(above.getOpcode()) ? jump : null;
        }

        /** Inside a loop that has nothing anywhere that could change what the read reads. */
        boolean invariantInLoop(FieldInsnNode read) {
            int at = code.indexOf(read);
            int local = receiver(read);
            for (Loop loop : loops) {
                if (loop.from <= at && at <= loop.to && !loop.storedFields.contains(read.name)
                        && !loop.storedLocals.contains(local)) {
                    return true;
                }
            }
            return false;
        }

        /** Whether {@code insn} may change {@code field} of the object in {@code local}, or order reads after it. */
        private boolean changes(AbstractInsnNode insn, String field, int local) {
            if (opaque(insn, facts)) {
                return true;
            }
            if (insn instanceof VarInsnNode v) {
                return v.getOpcode() == Opcodes.ASTORE && v.var == local;
            }
            return insn instanceof FieldInsnNode f && isStore(f) && f.name.equals(field);
        }
    }

    /**
     * A call, a monitor, an access to a field that may be volatile (nothing read before it can be reused after), or an
     * old subroutine's jump or return (a join no label shows).
     */
    private static boolean opaque(AbstractInsnNode insn, FieldFacts facts) {
        int op = insn.getOpcode();
        return insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode
                || op == Opcodes.MONITORENTER || op == Opcodes.MONITOREXIT || op == Opcodes.JSR || op == Opcodes.RET
                || insn instanceof FieldInsnNode f && !facts.isPlain(f.owner, f.name);
    }

    /** Whether the code after an instruction with {@code opcode} cannot be reached from it. */
    private static boolean endsPath(int opcode) {
        return opcode == Opcodes.GOTO || opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN
                || opcode == Opcodes.ATHROW || opcode == Opcodes.TABLESWITCH || opcode == Opcodes.LOOKUPSWITCH;
    }

    private static boolean isStore(FieldInsnNode f) {
        return f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC;
    }

    /** The instructions from a loop's head to its backward jump, summed up for {@link Analysis#invariantInLoop}. */
    private static final class Loop {
        final int from;
        final int to;
        final Set<String> storedFields = new HashSet<>();
        final Set<Integer> storedLocals = new HashSet<>();

        private Loop(int from, int to) {
            this.from = from;
            this.to = to;
        }

        /**
         * The loop over {@code code[from..to]}, or null when it is opaque: found at its first opaque instruction, so
         * the fields named after it are not looked up (a lookup may read a class file).
         */
        static Loop summed(InsnList code, int from, int to, FieldFacts facts) {
            Loop loop = new Loop(from, to);
            for (int i = from; i <= to; i++) {
                AbstractInsnNode insn = code.get(i);
                if (opaque(insn, facts)) {
                    return null;
                }
                if (insn instanceof FieldInsnNode f && isStore(f)) {
                    loop.storedFields.add(f.name);
                } else if (insn instanceof VarInsnNode v && v.getOpcode() == Opcodes.ASTORE) {
                    loop.storedLocals.add(v.var);
                }
            }
            return loop;
        }
    }
}
