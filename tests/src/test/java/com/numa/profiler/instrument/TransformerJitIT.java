package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.ProfiledJvm;
import java.lang.management.ManagementFactory;
import java.util.List;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The profiler keeps its class transformer out of C2 with a compiler directive added at start
 * (-XX:+NUMAProfilerTransformerC1Only, the default): the directive's text, and that a profiled JVM really holds it
 * (HotSpot's own list of directives, read in the child) unless the flag is off.
 */
class TransformerJitIT {

    @Test
    void patternsCoverAsmsSubpackagesAndTheVisitorsNestedClasses() {
        assertEquals(List.of("org/objectweb/asm/*.*", "com/numa/profiler/instrument/HookingClassVisitor*.*"),
                TransformerJit.patterns("org.objectweb.asm", List.of(HookingClassVisitor.class)));
        assertTrue(TransformerJit.TRANSFORMER_CODE.contains("com/numa/profiler/instrument/ProfilerTransformer*.*"),
                TransformerJit.TRANSFORMER_CODE.toString());
        assertFalse(TransformerJit.TRANSFORMER_CODE.stream().anyMatch(p -> p.contains("ProfilerRuntime")
                || p.contains("/rt/")), "the hooks' runtime stays with C2: " + TransformerJit.TRANSFORMER_CODE);
    }

    @Test
    void directiveExcludesTheMatchedMethodsFromC2Only() {
        assertEquals("[{ match: [\"a/b/*.*\", \"c/D*.*\"], c2: { Exclude: true } }]",
                TransformerJit.c2Excluded(List.of("a/b/*.*", "c/D*.*")));
    }

    @Test
    void sampledModeAddsC1sCallsOfTheHooksSampledPathAndSlotStepAfterTheTransformersEntry() {
        String c1 = "{ match: \"*.*\", c1: { inline: [\"-com/numa/profiler/rt/WordHooks.sampled\", "
                + "\"-com/numa/profiler/rt/WordHooks.inSlot\", \"-com/numa/profiler/rt/Hooks.inSlot\"] } }";
        String both = TransformerJit.directives(true, true);
        assertTrue(both.startsWith(TransformerJit.c2Excluded(TransformerJit.TRANSFORMER_CODE).replaceFirst("]$", "")),
                both);
        assertTrue(both.endsWith(", " + c1 + "]"), both);
        assertEquals("[" + c1 + "]", TransformerJit.directives(false, true));
        assertEquals(TransformerJit.c2Excluded(TransformerJit.TRANSFORMER_CODE), TransformerJit.directives(true, false));
    }

    @Test
    void aProfiledJvmHoldsTheDirectiveUnlessTheFlagIsOff() throws Exception {
        ProfiledJvm.Result on = ProfiledJvm.run("transformer-jit-on", List.of(), List.of("-XX:NUMAProfilerSampling=64"),
                PrintDirectives.class.getName());
        assertEquals(0, on.exitCode(), on.diagnostics());
        for (String pattern : List.of("org/objectweb/asm/*.*", "com/numa/profiler/instrument/AccessHookInserter*.*")) {
            assertTrue(on.stdout().contains(" " + pattern), pattern + " in\n" + on.diagnostics());
        }
        assertFalse(on.stderr().contains("transformer is compiled as usual"), on.diagnostics());
        // each rule as HotSpot prints it, "-<pattern>" in full: "Hooks.inSlot" alone is also in "WordHooks.inSlot"
        for (String callee : TransformerJit.C1_CALLS) {
            assertTrue(on.stdout().contains("-" + callee), "C1's inline rule for " + callee + ": " + on.diagnostics());
        }

        ProfiledJvm.Result off = ProfiledJvm.run("transformer-jit-off", List.of(),
                List.of("-XX:-NUMAProfilerTransformerC1Only"), PrintDirectives.class.getName());
        assertEquals(0, off.exitCode(), off.diagnostics());
        assertFalse(off.stdout().contains("objectweb"), off.diagnostics());
        assertTrue(off.stdout().contains("matching: *.*"), "HotSpot's default directive is listed: " + off.diagnostics());
    }

    /** Child: prints HotSpot's compiler directives (what {@code jcmd PID Compiler.directives_print} shows). */
    public static final class PrintDirectives {
        public static void main(String[] args) throws Exception {
            Object text = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesPrint",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            text.toString().lines().filter(l -> l.contains("matching:") || l.contains("Hooks."))
                    .forEach(System.out::println);
        }
    }
}
