package com.numa.profiler;

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
import javax.management.DynamicMBean;
import org.objectweb.asm.ClassReader;

/**
 * Keeps the class transformer's code (ASM and the profiler's visitors) out of C2 through a compiler directive added
 * at run time (the DiagnosticCommand bean's {@code compilerDirectivesAdd}, what {@code jcmd PID
 * Compiler.directives_add} runs); C1 still compiles it. Why: ASM parses and writes every class the application loads,
 * so its large methods get hot, and C2 spent seconds on them (sampled lusearch: 9.1 s of C2 time for ASM,
 * {@code ClassReader.readCode} alone 3.6 s, against 15.6 s for the whole application), competing for the application's
 * CPUs; the classes are transformed about as fast with C1's code. Measured on six applications of the corpus, sampled
 * 1/64: 5-31 % less CPU on five, xalan even (ASM alone; the visitors too took about 3 % more off on three of them).
 */
final class TransformerJit {
    /**
     * The transformer's code in the directives' pattern form: ASM's packages as this build loads them (the agent jar
     * relocates them) and the profiler's own visitors and analyses, nested classes included (UnhookedReads alone took
     * 0.4 s of C2 time in a sampled rx-scrabble run). Not the hooks' runtime, which C2 must
     * compile: it runs at every access.
     */
    static final List<String> TRANSFORMER_CODE = patterns(ClassReader.class.getPackageName(), List.of(
            ProfilerTransformer.class, HookingClassVisitor.class, AccessHookInserter.class, SamplingCountdownLocal.class,
            NewInitTrackingVisitor.class, NewInitPairing.class, OwnerFieldInjector.class, AllocationSiteTagger.class,
            ControlPointHooks.class, MethodWindowMarks.class, DeclaredFields.class, UnhookedReads.class));

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

    /** The directive: the methods matched by any of {@code patterns} are never compiled by C2. */
    static String c2Excluded(List<String> patterns) {
        return patterns.stream().map(p -> "\"" + p + "\"")
                .collect(Collectors.joining(", ", "[{ match: [", "], c2: { Exclude: true } }]"));
    }

    /**
     * Adds the directive for the transformer's code; empty when done, else why not (no Instrumentation, a JDK without
     * the bean, a refused directive). The program runs the same either way: only the JIT's choice for ASM changes.
     */
    static Optional<String> keepOutOfC2(Instrumentation inst) {
        Optional<DynamicMBean> bean = DiagnosticCommandBean.direct(inst);
        if (bean.isEmpty()) {
            return Optional.of("HotSpot's DiagnosticCommand bean is not reachable");
        }
        Path file = null;
        try {
            file = Files.createTempFile("numa-jit", ".json");
            Files.writeString(file, c2Excluded(TRANSFORMER_CODE), StandardCharsets.UTF_8);
            String out = DiagnosticCommandBean.run(bean.get(), "compilerDirectivesAdd", file.toString());
            return out.contains("1 compiler directives added") ? Optional.empty()
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
