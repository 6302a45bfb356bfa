package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The hook runtime as it goes onto the boot class path: the ways into the sink carry HotSpot's DontInline, the word
 * hooks' short sampled paths ForceInline and their tables Stable, and the thread id every sampled hook reads and the
 * header word the word hooks read and write are direct Unsafe calls, not method handles.
 */
class BootstrapRuntimeTest {
    static Set<String> dontInline(byte[] classFile) {
        return marked(classFile, BootstrapRuntime.DONT_INLINE);
    }

    @Test
    void theSinkCallsAndTheSampledPathsAreMarkedDontInlineAndEachSampledHookHoldsOneOfThem() throws Exception {
        byte[] original;
        try (InputStream in = BootstrapRuntimeTest.class.getClassLoader()
                .getResourceAsStream("com/numa/profiler/rt/Hooks.class")) {
            original = in.readAllBytes();
        }
        assertEquals(Set.of(), dontInline(original), "the compiled class has only our own (invisible) mark");
        Set<String> marked = dontInline(BootstrapRuntime.markOutOfLine(original));
        Set<String> sinkCalls = Set.of("read(Ljava/lang/Object;)V", "write(Ljava/lang/Object;)V",
                "readArray(Ljava/lang/Object;I)V", "writeArray(Ljava/lang/Object;I)V", "readField(Ljava/lang/Object;I)V",
                "writeField(Ljava/lang/Object;I)V", "readStatic(I)V", "writeStatic(I)V",
                "allocated(Ljava/lang/Object;I)V", "primitiveArrayMade(II)V");
        Set<String> expected = new TreeSet<>(sinkCalls);
        expected.addAll(Set.of("sampled(ILjava/lang/Object;I)I", "sampledInSlot(IILjava/lang/Object;I)V",
                "sampledArrayMade(III)V"));
        assertEquals(expected, marked, "every way into the sink and the sampled path of each family, nothing else");
        List<String> hooks = sampledHooks(original);
        assertEquals(15, hooks.size(), hooks.toString());
        for (String hook : hooks) {
            // the fast path inlines; what is left in the application's compiled code is exactly one call
            List<String> inlined = new ArrayList<>();
            List<String> outOfLine = outOfLineCalls(original, hook, marked, inlined);
            assertEquals(1, outOfLine.size(), hook + " calls out of line: " + outOfLine);
            assertTrue(inlined.stream().noneMatch(m -> m.startsWith("restart")),
                    hook + ": the restart belongs to the out-of-line sampled path, not beside it: " + inlined);
            assertFalse(marked.contains(hook), hook + " itself must inline");
        }
    }

    private static final String HOOKS = "com/numa/profiler/rt/Hooks";

    /**
     * The marked methods of Hooks that {@code method} reaches through the unmarked ones it calls (which inline, and are
     * added to {@code inlined}).
     */
    private static List<String> outOfLineCalls(byte[] classFile, String method, Set<String> marked,
            List<String> inlined) {
        List<String> found = new ArrayList<>();
        for (String call : callsOf(classFile, method)) {
            if (!call.startsWith(HOOKS + ".")) {
                continue;
            }
            String callee = call.substring(HOOKS.length() + 1);
            if (marked.contains(callee)) {
                found.add(callee);
            } else {
                inlined.add(callee);
                found.addAll(outOfLineCalls(classFile, callee, marked, inlined));
            }
        }
        return found;
    }

    /** The public hooks of the sampled and in-slot families (name + descriptor). */
    private static List<String> sampledHooks(byte[] classFile) {
        List<String> hooks = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if ((access & Opcodes.ACC_PUBLIC) != 0 && (name.endsWith("Sampled") || name.endsWith("InSlot"))) {
                    hooks.add(name + descriptor);
                }
                return null;
            }
        }, ClassReader.SKIP_CODE);
        return hooks;
    }

    private static byte[] runtimeClass(String name) throws Exception {
        try (InputStream in = BootstrapRuntimeTest.class.getClassLoader().getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The calls (owner.name descriptor) made by method {@code method} of the class. */
    static List<String> callsOf(byte[] classFile, String method) {
        List<String> calls = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if (!method.equals(name + descriptor)) {
                    return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String n, String desc, boolean itf) {
                        calls.add(owner + "." + n + desc);
                    }
                };
            }
        }, 0);
        return calls;
    }

    @Test
    void theThreadIdIsReadByADirectUnsafeCallOnTheBootClassPath() throws Exception {
        byte[] original = runtimeClass(BootstrapRuntime.RAW_ACCESS);
        String tid = "tid(Ljava/lang/Thread;)J";
        assertEquals(List.of("java/lang/invoke/MethodHandle.invokeExact(Ljava/lang/Object;J)J",
                "java/lang/IllegalStateException.<init>(Ljava/lang/Throwable;)V"), callsOf(original, tid),
                "compiled, the id goes through the handle");
        byte[] rewritten = BootstrapRuntime.directThreadId(original);
        assertEquals(List.of("jdk/internal/misc/Unsafe.getUnsafe()Ljdk/internal/misc/Unsafe;",
                "jdk/internal/misc/Unsafe.getLong(Ljava/lang/Object;J)J"), callsOf(rewritten, tid));
        assertEquals(callsOf(original, "threadId(Ljava/lang/Thread;)J"), callsOf(rewritten, "threadId(Ljava/lang/Thread;)J"),
                "only tid's body changes");
        byte[] hooks = runtimeClass("com/numa/profiler/rt/Hooks");
        assertSame(hooks, BootstrapRuntime.directThreadId(hooks), "other classes are passed through as they are");
    }

    /** Name + descriptor of each method (or name of each field) of the class that carries annotation {@code mark}. */
    static Set<String> marked(byte[] classFile, String mark) {
        Set<String> found = new TreeSet<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public org.objectweb.asm.FieldVisitor visitField(int access, String name, String descriptor,
                    String signature, Object value) {
                return new org.objectweb.asm.FieldVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (mark.equals(desc)) {
                            found.add(name);
                        }
                        return null;
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (mark.equals(desc)) {
                            found.add(name + descriptor);
                        }
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE);
        return found;
    }

    @Test
    void theWordHooksShortSampledPathsAreForcedInlineAndTheirTablesStable() throws Exception {
        byte[] words = BootstrapRuntime.markOutOfLine(runtimeClass("com/numa/profiler/rt/WordHooks"));
        assertEquals(Set.of("OWNER_WORD_AT", "SITE_WORD_AT"), marked(words, BootstrapRuntime.STABLE));
        Set<String> forced = marked(words, BootstrapRuntime.FORCE_INLINE);
        assertEquals(Set.of("sampled(ILjava/lang/Object;I)V", "update(ILjava/lang/Object;I)V", "restarted()I",
                "entry([[II)I"), forced);
        Map<String, Integer> lengths = new java.util.HashMap<>();
        org.objectweb.asm.tree.ClassNode node = new org.objectweb.asm.tree.ClassNode();
        new ClassReader(words).accept(node, 0);
        for (org.objectweb.asm.tree.MethodNode m : node.methods) {
            lengths.put(m.name + m.desc, bytecodeLength(m));
        }
        assertTrue(lengths.get("allocatedOwned(Ljava/lang/Object;I)V") > 35, "the allocation hook is not forced: "
                + lengths.get("allocatedOwned(Ljava/lang/Object;I)V") + " bytes");
        for (String method : forced) {
            assertTrue(lengths.get(method) > 0 && lengths.get(method) <= 35, method + " is " + lengths.get(method)
                    + " bytes: over C1's inlining size, forcing it would grow every C1-compiled hook");
        }
        assertTrue(dontInline(words).containsAll(Set.of("sampledWord(IJ)J", "byObject(ILjava/lang/Object;I)V")),
                "the ways into the sink stay out of line: " + dontInline(words));
    }

    /** The length of a method's bytecode, as the JIT's inlining limits count it: the offset of a label at its end. */
    private static int bytecodeLength(org.objectweb.asm.tree.MethodNode m) {
        org.objectweb.asm.tree.LabelNode end = new org.objectweb.asm.tree.LabelNode();
        m.instructions.add(end);
        org.objectweb.asm.ClassWriter w = new org.objectweb.asm.ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "X", null, "java/lang/Object", null);
        m.accept(w);
        return end.getLabel().getOffset();
    }

    @Test
    void theHeaderWordIsReadAndWrittenByDirectUnsafeCallsThatKeepTheirForceInline() throws Exception {
        byte[] rewritten = BootstrapRuntime.directThreadId(BootstrapRuntime.markOutOfLine(
                runtimeClass(BootstrapRuntime.RAW_ACCESS)));
        assertEquals(List.of("jdk/internal/misc/Unsafe.getUnsafe()Ljdk/internal/misc/Unsafe;",
                "jdk/internal/misc/Unsafe.getLong(Ljava/lang/Object;J)J"),
                callsOf(rewritten, "wordAt(Ljava/lang/Object;J)J"));
        assertEquals(List.of("jdk/internal/misc/Unsafe.getUnsafe()Ljdk/internal/misc/Unsafe;",
                "jdk/internal/misc/Unsafe.putLong(Ljava/lang/Object;JJ)V"),
                callsOf(rewritten, "setWordAt(Ljava/lang/Object;JJ)V"));
        assertEquals(Set.of("wordAt(Ljava/lang/Object;J)J", "setWordAt(Ljava/lang/Object;JJ)V"),
                marked(rewritten, BootstrapRuntime.FORCE_INLINE), "the mark survives the new body");
    }
}
