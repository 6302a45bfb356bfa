package com.numa.profiler.instrument;

import com.numa.profiler.tracking.HeaderWordAccess;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Gives the topmost instrumentable class of a hierarchy the owner "header word": one private transient synthetic long
 * field, and nothing else (no interface, no accessor: the runtime reaches it through {@link HeaderWordAccess}).
 * Subclasses inherit it. HotSpot has no invisible place for per-object data, so this field is the one member
 * reflection can see ({@code getDeclaredFields}); private and transient keep it out of the default serialVersionUID
 * and of serialized forms, synthetic tells reflection-driven serializers it is not the program's.
 */
public final class OwnerFieldInjector extends ClassVisitor {
    /** The field's name, by which the runtime finds it. */
    static final String FIELD = HeaderWordAccess.FIELD;
    static final int ACCESS = Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC;

    OwnerFieldInjector(ClassVisitor next) {
        super(Opcodes.ASM9, next);
    }

    @Override
    public void visitEnd() {
        super.visitField(ACCESS, FIELD, "J", null, null).visitEnd();
        super.visitEnd();
    }
}
