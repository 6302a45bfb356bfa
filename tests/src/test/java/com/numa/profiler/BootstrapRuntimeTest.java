package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The hook runtime as it goes onto the boot class path: the ways into the sink carry HotSpot's DontInline. */
class BootstrapRuntimeTest {
    static Set<String> dontInline(byte[] classFile) {
        Set<String> marked = new TreeSet<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (BootstrapRuntime.DONT_INLINE.equals(desc) && visible) {
                            marked.add(name + descriptor);
                        }
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE);
        return marked;
    }

    @Test
    void theSinkCallsOfHooksAreMarkedDontInlineAndNothingElse() throws Exception {
        byte[] original;
        try (InputStream in = BootstrapRuntimeTest.class.getClassLoader()
                .getResourceAsStream("com/numa/profiler/rt/Hooks.class")) {
            original = in.readAllBytes();
        }
        assertEquals(Set.of(), dontInline(original), "the compiled class has only our own (invisible) mark");
        Set<String> marked = dontInline(BootstrapRuntime.markOutOfLine(original));
        assertEquals(new TreeSet<>(Set.of("read(Ljava/lang/Object;)V", "write(Ljava/lang/Object;)V",
                "readArray(Ljava/lang/Object;I)V", "writeArray(Ljava/lang/Object;I)V", "readField(Ljava/lang/Object;I)V",
                "writeField(Ljava/lang/Object;I)V", "readStatic(I)V", "writeStatic(I)V", "allocated(Ljava/lang/Object;I)V")),
                marked, "the sampled and in-slot hooks, whose fast path must inline, are not among them");
    }
}
