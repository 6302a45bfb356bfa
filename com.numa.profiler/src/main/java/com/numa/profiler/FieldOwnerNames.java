package com.numa.profiler;

import java.util.function.Consumer;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Passes a class through unchanged, telling {@code names} the owner of each of its instance-field instructions
 * (GETFIELD/PUTFIELD), once per owner and class: for JDK classes being instrumented, so that {@link FieldReach} learns
 * which JDK classes' instances instrumented code can reach.
 */
final class FieldOwnerNames extends ClassVisitor {
    private final Consumer<String> names;
    private final java.util.Set<String> seen = new java.util.HashSet<>();

    FieldOwnerNames(ClassVisitor next, Consumer<String> names) {
        super(Opcodes.ASM9, next);
        this.names = names;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, desc, signature, exceptions)) {
            @Override
            public void visitFieldInsn(int opcode, String owner, String field, String fieldDesc) {
                if ((opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) && seen.add(owner)) {
                    names.accept(owner);
                }
                super.visitFieldInsn(opcode, owner, field, fieldDesc);
            }
        };
    }
}
