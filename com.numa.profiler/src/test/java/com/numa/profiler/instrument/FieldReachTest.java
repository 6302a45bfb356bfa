package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.fieldreach.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which allocated instances the side table may leave out: those whose fields no instrumented code can reach. */
class FieldReachTest {
    private static final ClassFilter FILTER = new ClassFilter(List.of("com.numa.profiler.fieldreach.**"), List.of(),
            List.of(), true);
    private final FieldReach reach = new FieldReach(FILTER, false);

    @Test
    void fieldsOnlyTheNeverInstrumentedCanReachAreUnreachable() {
        assertFalse(reach.fieldsReachable(Object.class), "no fields at all");
        assertFalse(reach.fieldsReachable(StringBuilder.class), "package-private fields of java.lang");
        assertFalse(reach.fieldsReachable(Fixtures.PrivateOnly.class));
        assertFalse(reach.fieldsReachable(Fixtures.PackagePrivate.class), "its whole package is never instrumented");
        // a subclass elsewhere may access the protected field only on its own instances, never on a ProtectedField
        assertFalse(reach.fieldsReachable(Fixtures.ProtectedField.class));
    }

    @Test
    void fieldsInstrumentedCodeCanReachAreReachable() {
        assertTrue(reach.fieldsReachable(Fixtures.PublicField.class));
        assertTrue(reach.fieldsReachable(ProtectedSub.class), "the subclass reaches the field on its own instances");
        assertTrue(reach.fieldsReachable(java.util.ArrayList.class), "java.util can be instrumented or retransformed");
        assertTrue(reach.fieldsReachable(FieldReachTest.class), "an instrumented class");
        // a class of an instrumented package extending a never-instrumented one
        assertTrue(reach.fieldsReachable(Sub.class));
        // a package pattern is what makes package-private fields unreachable; a class-prefix pattern is not enough
        FieldReach prefixOnly = new FieldReach(new ClassFilter(List.of("com.numa.profiler.fieldreach.Fixtures*"),
                List.of(), List.of(), true), false);
        assertTrue(prefixOnly.fieldsReachable(Fixtures.PackagePrivate.class));
        assertFalse(prefixOnly.fieldsReachable(Fixtures.PrivateOnly.class));
    }

    @Test
    void jdkInstancesBecomeReachableWhenAClassOfTheirChainIsInstrumented() {
        FieldReach byUse = new FieldReach(FILTER, true);
        assertFalse(byUse.fieldsReachable(java.util.ArrayList.class), "loaded before the agent: no instrumented code");
        assertFalse(byUse.fieldsReachable(java.util.HashMap.class));
        assertFalse(byUse.fieldsReachable(java.util.concurrent.atomic.AtomicInteger.class));
        assertTrue(byUse.fieldsReachable(java.awt.Point.class), "public fields: the application reaches them");
        assertTrue(byUse.fieldsReachable(FieldReachTest.class), "application classes follow their declarations");
        assertFalse(byUse.fieldsReachable(Fixtures.PrivateOnly.class));
        int before = byUse.version();
        byUse.jdkClassInstrumented("java/util/TreeMap"); // no class was found unreachable for it: nothing goes stale
        assertEquals(before, byUse.version());
        assertTrue(byUse.fieldsReachable(java.util.TreeMap.class));
        // a superclass's instrumented methods run on ArrayLists too (as after -XX:NUMAProfilerRetransform=java.util.*)
        byUse.jdkClassInstrumented("java/util/AbstractList");
        int after = byUse.version();
        assertNotEquals(before, after, "ArrayList's answer went stale");
        assertTrue(byUse.fieldsReachable(java.util.ArrayList.class));
        assertFalse(byUse.fieldsReachable(java.util.HashMap.class), "no class of its chain is instrumented");
        byUse.jdkClassInstrumented("java/util/AbstractList");
        assertEquals(after, byUse.version(), "a class already known changes nothing");
    }

    static final class Sub extends Fixtures.PrivateOnly {
    }

    static final class ProtectedSub extends Fixtures.ProtectedField {
    }
}
