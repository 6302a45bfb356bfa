package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.fieldreach.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which allocated instances the side table may leave out: those whose fields no instrumented code can reach. */
class FieldReachTest {
    private final FieldReach reach = new FieldReach(new ClassFilter(List.of("com.numa.profiler.fieldreach.**"),
            List.of(), List.of(), true));

    @Test
    void fieldsOnlyTheNeverInstrumentedCanReachAreUnreachable() {
        assertFalse(reach.fieldsReachable(Object.class), "no fields at all");
        assertFalse(reach.fieldsReachable(StringBuilder.class), "package-private fields of java.lang");
        assertFalse(reach.fieldsReachable(Fixtures.PrivateOnly.class));
        assertFalse(reach.fieldsReachable(Fixtures.PackagePrivate.class), "its whole package is never instrumented");
    }

    @Test
    void fieldsInstrumentedCodeCanReachAreReachable() {
        assertTrue(reach.fieldsReachable(Fixtures.PublicField.class));
        assertTrue(reach.fieldsReachable(Fixtures.ProtectedField.class), "an instrumented subclass can reach it");
        assertTrue(reach.fieldsReachable(java.util.ArrayList.class), "java.util can be instrumented or retransformed");
        assertTrue(reach.fieldsReachable(FieldReachTest.class), "an instrumented class");
        // a class of an instrumented package extending a never-instrumented one
        assertTrue(reach.fieldsReachable(Sub.class));
        // a package pattern is what makes package-private fields unreachable; a class-prefix pattern is not enough
        FieldReach prefixOnly = new FieldReach(new ClassFilter(List.of("com.numa.profiler.fieldreach.Fixtures*"),
                List.of(), List.of(), true));
        assertTrue(prefixOnly.fieldsReachable(Fixtures.PackagePrivate.class));
        assertFalse(prefixOnly.fieldsReachable(Fixtures.PrivateOnly.class));
    }

    static final class Sub extends Fixtures.PrivateOnly {
    }
}
