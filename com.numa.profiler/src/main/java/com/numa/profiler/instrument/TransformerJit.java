package com.numa.profiler.instrument;

import com.numa.perfutil.threads.DiagnosticCommandBean;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.management.DynamicMBean;
import org.objectweb.asm.ClassReader;

/**
 * Compiler directives the profiler adds at start. Sampled mode's hooks: C1 calls their sampled path and their
 * countdown's step in the slot (see {@link #C1_CALLS}). And it keeps the class transformer's code (ASM and the
 * profiler's visitors) out of C2 through a compiler directive added at run time (the DiagnosticCommand bean's
 * {@code compilerDirectivesAdd}, what {@code jcmd PID Compiler.directives_add} runs); C1 still compiles it. Why: ASM
 * parses and writes every class the application loads, so its large methods get hot, and C2 spent seconds on them
 * (sampled lusearch: 9.1 s of C2 time for ASM, {@code ClassReader.readCode} alone 3.6 s, against 15.6 s for the whole
 * application), competing for the application's CPUs; the classes are transformed about as fast with C1's code.
 * Measured on six applications of the corpus, sampled 1/64: 5-31 % less CPU on five, xalan even (ASM alone; the
 * visitors too took about 3 % more off on three of them).
 */
public final class TransformerJit {
    /** The method window's transformer: in the profiler's public package, which depends on this one, so named. */
    static final String METHOD_WINDOW_MARKS = "com/numa/profiler/MethodWindowMarks";

    /**
     * The transformer's code in the directives' pattern form: ASM's packages as this build loads them (the agent jar
     * relocates them) and the profiler's own visitors and analyses, nested classes included (UnhookedReads alone took
     * 0.4 s of C2 time in a sampled rx-scrabble run), and the method window's marks, a transformer too. Not the hooks'
     * runtime, which C2 must compile: it runs at every access.
     */
    static final List<String> TRANSFORMER_CODE = Stream.concat(patterns(ClassReader.class.getPackageName(), List.of(
            ProfilerTransformer.class, HookingClassVisitor.class, AccessHookInserter.class, SamplingCountdownLocal.class,
            NewInitTrackingVisitor.class, NewInitPairing.class, OwnerFieldInjector.class, AllocationSiteTagger.class,
            ControlPointHooks.class, DeclaredFields.class, UnhookedReads.class)).stream(),
            Stream.of(METHOD_WINDOW_MARKS + "*.*")).toList();

    private TransformerJit() {
    }

    static List<String> patterns(String asmPackage, List<Class<?>> classes) {
        List<String> out = new ArrayList<>();
        out.add(asmPackage.replace('.', '/') + "/*.*"); // a prefix: asm.commons and asm.tree too
        for (Class<?> c : classes) {
            out.add(c.getName().replace('.', '/') + "*.*");
        }
        return List.copyOf(out);
    }

    /**
     * What C1 calls rather than inlines in sampled mode. WordHooks' sampled path (forced inline for C2, whose escape
     * analysis needs it inline): inlined into every hooked access it made lusearch's C1 time 2.0 s instead of 1.5 s.
     * And the countdown's step in the thread's slot (both InSlot families), which C1 also left out only because it was
     * one byte over C1's inlining size (35): made smaller, C1 inlined it and lusearch's C1 time went 1.6 s -> 2.9 s,
     * its C2 time 3.4 s -> 4.8 s, and four applications of the corpus measured 15-55 % more CPU (the apps module's
     * README, twenty-eighth session). C2 inlines both.
     */
    static final List<String> C1_CALLS = List.of("com/numa/profiler/rt/WordHooks.sampled",
            "com/numa/profiler/rt/WordHooks.inSlot", "com/numa/profiler/rt/Hooks.inSlot");

    /** The directive: the methods matched by any of {@code patterns} are never compiled by C2. */
    static String c2Excluded(List<String> patterns) {
        return "[" + c2ExcludedEntry(patterns) + "]";
    }

    private static String c2ExcludedEntry(List<String> patterns) {
        return patterns.stream().map(p -> "\"" + p + "\"")
                .collect(Collectors.joining(", ", "{ match: [", "], c2: { Exclude: true } }"));
    }

    /**
     * The directives: the transformer's code out of C2 ({@code transformerC1Only}), and ({@code wordHooks}) in every
     * other method, C1 calls the hooks' methods of {@link #C1_CALLS} rather than inlining them. The transformer's
     * entry comes first, so that it is the one its methods match.
     */
    static String directives(boolean transformerC1Only, boolean wordHooks) {
        List<String> entries = new ArrayList<>();
        if (transformerC1Only) {
            entries.add(c2ExcludedEntry(TRANSFORMER_CODE));
        }
        if (wordHooks) {
            entries.add(C1_CALLS.stream().map(m -> "\"-" + m + "\"")
                    .collect(Collectors.joining(", ", "{ match: \"*.*\", c1: { inline: [", "] } }")));
        }
        return entries.stream().collect(Collectors.joining(", ", "[", "]"));
    }

    /**
     * Adds the directives (see {@link #directives}); empty when done or when there is none, else why not (no
     * Instrumentation, a JDK without the bean, a refused directive). The program runs the same either way: only the
     * JIT's choices change.
     */
    public static Optional<String> addDirectives(Instrumentation inst, boolean transformerC1Only, boolean wordHooks) {
        if (!transformerC1Only && !wordHooks) {
            return Optional.empty();
        }
        int count = (transformerC1Only ? 1 : 0) + (wordHooks ? 1 : 0);
        Optional<DynamicMBean> bean = DiagnosticCommandBean.direct(inst);
        if (bean.isEmpty()) {
            return Optional.of("HotSpot's DiagnosticCommand bean is not reachable");
        }
        Path file = null;
        try {
            file = Files.createTempFile("numa-jit", ".json");
            Files.writeString(file, directives(transformerC1Only, wordHooks), StandardCharsets.UTF_8);
            String out = DiagnosticCommandBean.run(bean.get(), "compilerDirectivesAdd", file.toString());
            return out.contains(count + " compiler directives added") ? Optional.empty()
                    : Optional.of("the JVM did not take the directive: " + out.strip());
        } catch (Exception e) {
            return Optional.of("the directive could not be added: " + e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // a temporary file of a few bytes: nothing the program depends on
                }
            }
        }
    }
}
