package com.numa.profiler;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Gives the topmost instrumentable class of a hierarchy the owner "header word": a private transient synthetic long
 * field and the two {@code HeaderWord} accessors (synthetic too, so reflection-driven serializers skip them). Subclasses
 * inherit it. Transient and private keep Java serialization unchanged; the caller adds the original serialVersionUID
 * when the class may be serializable, since a new interface would change the computed one.
 */
final class OwnerFieldInjector extends ClassVisitor {
    static final String FIELD = "numa$headerWord";
    static final String INTERFACE = "com/numa/profiler/rt/HeaderWord";
    private String owner;

    OwnerFieldInjector(ClassVisitor next) {
        super(Opcodes.ASM9, next);
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        owner = name;
        String[] withOurs = new String[interfaces == null ? 1 : interfaces.length + 1];
        if (interfaces != null) {
            System.arraycopy(interfaces, 0, withOurs, 0, interfaces.length);
        }
        withOurs[withOurs.length - 1] = INTERFACE;
        super.visit(version, access, name, signature, superName, withOurs);
    }

    @Override
    public void visitEnd() {
        super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC, FIELD, "J", null, null).visitEnd();
        MethodVisitor get = super.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNTHETIC, FIELD, "()J", null, null);
        get.visitCode();
        get.visitVarInsn(Opcodes.ALOAD, 0);
        get.visitFieldInsn(Opcodes.GETFIELD, owner, FIELD, "J");
        get.visitInsn(Opcodes.LRETURN);
        get.visitMaxs(2, 1);
        get.visitEnd();
        MethodVisitor set = super.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNTHETIC, FIELD, "(J)V", null, null);
        set.visitCode();
        set.visitVarInsn(Opcodes.ALOAD, 0);
        set.visitVarInsn(Opcodes.LLOAD, 1);
        set.visitFieldInsn(Opcodes.PUTFIELD, owner, FIELD, "J");
        set.visitInsn(Opcodes.RETURN);
        set.visitMaxs(3, 3);
        set.visitEnd();
        super.visitEnd();
    }
}
