package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeclaredFieldsTest {
    private static final String READS = "com/numa/profiler/groundtruth/StaticReads";
    private final DeclaredFields fields = new DeclaredFields();
    private final ClassLoader app = DeclaredFieldsTest.class.getClassLoader();

    @Test
    void classFilesReadThroughTheJdksLoadersAnswer() {
        assertTrue(fields.isStaticFinal(app, READS, "OWN"));
        assertFalse(fields.isStaticFinal(app, READS, "mutable"));
        assertTrue(fields.isStaticFinal(app, READS + "$Bounded", "MAX"), "an interface's constant, named through a class");
        assertTrue(fields.isStaticFinal(null, "java/lang/Boolean", "TRUE"), "the boot loader's classes");
        assertTrue(fields.isStaticFinal(app, "java/util/Collections", "EMPTY_LIST"));
        assertFalse(fields.isStaticFinal(app, "java/lang/System", "out"), "changed by System.setOut: not folded");
        assertFalse(fields.isStaticFinal(app, "java/lang/System", "in"));
        assertFalse(fields.isStaticFinal(app, READS, "noSuchField"));
        assertFalse(fields.isStaticFinal(app, "no/such/Class", "X"), "unknown keeps the hook");
    }

    @Test
    void plainFieldsAreKnownAndNotVolatile() {
        String repeated = "com/numa/profiler/groundtruth/RepeatedReads";
        assertTrue(fields.isPlain(app, repeated, "items"));
        assertTrue(fields.isPlain(app, repeated, "next"), "final is plain");
        assertTrue(fields.isPlain(app, repeated, "shared"), "a static");
        assertFalse(fields.isPlain(app, repeated, "published"), "volatile");
        assertTrue(fields.isPlain(app, "java/util/ArrayList", "elementData"));
        assertTrue(fields.isPlain(app, "java/util/ArrayList", "modCount"), "inherited from AbstractList");
        assertFalse(fields.isPlain(app, "java/util/concurrent/atomic/AtomicInteger", "value"), "volatile");
        assertFalse(fields.isPlain(app, repeated, "noSuchField"), "unknown is not plain");
        assertFalse(fields.isPlain(app, "no/such/Class", "x"));
    }

    @Test
    void aFieldDeclaredInTheClassHidesAFinalNamesakeAbove() {
        ClassLoader own = new ClassLoader(null) {
        };
        fields.declare(own, "p/Limits", null, new String[0], Set.of("X"), Set.of("X"), Set.of());
        fields.declare(own, "p/Shadowing", "java/lang/Object", new String[] {"p/Limits"}, Set.of("X"), Set.of(), Set.of());
        fields.declare(own, "p/Plain", "java/lang/Object", new String[] {"p/Limits"}, Set.of(), Set.of(), Set.of());
        assertFalse(fields.isStaticFinal(own, "p/Shadowing", "X"), "its own non-final X is what the JVM resolves");
        assertTrue(fields.isStaticFinal(own, "p/Plain", "X"), "the interface's constant");
    }

    @Test
    void anApplicationsOwnLoaderIsNeverAskedForResources() throws Exception {
        ClassLoader own = new ClassLoader(null) { // no parent: reads through it would find nothing anyway
            @Override
            public URL getResource(String name) {
                throw new AssertionError("the application's loader was asked for " + name);
            }
        };
        assertFalse(fields.isStaticFinal(own, READS, "OWN"), "unknown to this loader: the hook stays");
        fields.declare(own, READS, "java/lang/Object", new String[0], Set.of("OWN"), Set.of("OWN"), Set.of());
        assertTrue(fields.isStaticFinal(own, READS, "OWN"), "what its classes declared while transformed");
        assertTrue(fields.isStaticFinal(own, "java/lang/Boolean", "TRUE"), "the JDK's classes, through the boot loader");
        try (URLClassLoader child = new URLClassLoader(new URL[0], app)) {
            ClassLoader grandchild = new ClassLoader(child) {
            };
            assertTrue(fields.isStaticFinal(grandchild, READS, "OWN"), "its parents answer, as they load first");
        }
    }
}
