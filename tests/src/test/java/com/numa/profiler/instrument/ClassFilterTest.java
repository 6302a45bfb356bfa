package com.numa.profiler.instrument;

import com.numa.core.log.NumaLog;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.feature.FeatureRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The filter over the agent's whole class path: its exclusions come from every registered feature (the registry is
 * com.numa.vm's), so this test lives with the end-to-end tests rather than in the profiler module.
 */
class ClassFilterTest {
    /** numa-jvm's own packages as the agent computes them: from the feature registry on this class path. */
    static final List<String> TOOL = FeatureRegistry.load(ClassFilterTest.class.getClassLoader(), m -> {
        throw new AssertionError(m);
    }).toolPackages(List.of("com.numa.vm.**"));

    @Test
    void patternsMatchClassesPackagesAndSubpackages() {
        assertTrue(ClassFilter.matches("a.b.C", "a.b.C"));
        assertFalse(ClassFilter.matches("a.b.C", "a.b.CD"));
        assertTrue(ClassFilter.matches("a.b.*", "a.b.C"));
        assertFalse(ClassFilter.matches("a.b.*", "a.b.c.D"));
        assertTrue(ClassFilter.matches("a.b.**", "a.b.c.D"));
        assertTrue(ClassFilter.matches("a.b.C*", "a.b.C$Inner"));
    }

    @Test
    void builtInExclusionsProtectTheProfilerAndTheJdkCore() {
        ClassFilter f = new ClassFilter(TOOL, List.of(), List.of(), true);
        assertFalse(f.accepts("com/numa/profiler/NumaProfiler", false));
        assertFalse(f.accepts("com/numa/profiler/instrument/ProfilerTransformer", false));
        assertFalse(f.accepts("com/numa/profiler/tracking/ProfilerRuntime", false));
        assertFalse(f.accepts("com/numa/profiler/report/TraceRecorder", false));
        assertFalse(f.accepts("com/numa/profiler/rt/Hooks", false));
        assertFalse(f.accepts("com/numa/perfutil/threads/ThreadInventory", false), "PerfUtil's code, from its feature");
        assertFalse(f.accepts("com/numa/opt/AwarenessThread", false), "the optimizer's code, from its feature");
        assertFalse(f.accepts("com/numa/core/log/NumaLog", false));
        assertFalse(f.accepts("com/numa/vm/NumaAgent", false));
        assertFalse(f.accepts("java/lang/ThreadLocal", true));
        assertFalse(f.accepts("java/lang/invoke/MethodHandle", true));
        assertFalse(f.accepts("jdk/internal/misc/Unsafe", true));
        assertFalse(f.accepts("org/objectweb/asm/ClassReader", false));
        assertFalse(f.accepts("com/sun/jna/Native", false));
        assertFalse(f.accepts("com/example/App$$Lambda$14", false));
        assertTrue(f.accepts("com/numa/profiler/groundtruth/Box", false), "only the profiler's own packages are excluded");
        assertTrue(f.accepts("java/util/concurrent/ConcurrentSkipListMap", true));
        assertTrue(f.accepts("com/example/App", false));
    }

    @Test
    void includeRestrictsAndJdkSwitchApplies() {
        ClassFilter f = new ClassFilter(TOOL, List.of("com.example.**"), List.of("com.example.skip.*"), false);
        assertTrue(f.accepts("com/example/a/B", false));
        assertFalse(f.accepts("com/example/skip/B", false));
        assertFalse(f.accepts("org/other/B", false));
        assertFalse(new ClassFilter(TOOL, List.of(), List.of(), false).accepts("java/util/ArrayList", true));
    }

    @Test
    void badPatternsAreRejectedWithTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ClassFilter(TOOL, List.of("com/example/*"), List.of(), true));
        assertTrue(e.getMessage().contains("a.b.**"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ClassFilter(TOOL, List.of(), List.of("a.*.b"), true));
    }
}
