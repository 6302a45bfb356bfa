package com.numa.profiler.sharing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * {@link WordLayouts}' JOL layouter reads offsets through the JDK's internal Unsafe; JOL's own CurrentLayouter reads
 * them through sun.misc.Unsafe. Both must give HotSpot's real layout, field for field.
 */
class WordLayoutsTest {
    static class Base {
        byte flag;
        long count;
        Object ref;
    }

    static class Derived extends Base {
        int a;
        short s;
        long b;
        Object ref; // hides Base.ref
    }

    record Point(int x, long y) {
    }

    /** The running VM's offsets through jdk.internal.misc.Unsafe (the test JVM runs with it exported). */
    static WordLayouts.Offsets internalUnsafe() throws Exception {
        Class<?> u = Class.forName("jdk.internal.misc.Unsafe");
        Object unsafe = u.getMethod("getUnsafe").invoke(null);
        Method field = u.getMethod("objectFieldOffset", Class.class, String.class);
        Method base = u.getMethod("arrayBaseOffset", Class.class);
        Method scale = u.getMethod("arrayIndexScale", Class.class);
        return new WordLayouts.Offsets() {
            @Override
            public long fieldOffset(Class<?> declaring, String name) {
                try {
                    return (long) field.invoke(unsafe, declaring, name);
                } catch (ReflectiveOperationException e) {
                    return -1;
                }
            }

            @Override
            public int arrayBase(Class<?> arrayClass) {
                try {
                    return ((Number) base.invoke(unsafe, arrayClass)).intValue();
                } catch (ReflectiveOperationException e) {
                    return -1;
                }
            }

            @Override
            public int arrayScale(Class<?> arrayClass) {
                try {
                    return ((Number) scale.invoke(unsafe, arrayClass)).intValue();
                } catch (ReflectiveOperationException e) {
                    return -1;
                }
            }
        };
    }

    private static List<String> fields(ClassLayout l) {
        List<String> out = new ArrayList<>();
        for (FieldLayout f : l.fields()) {
            out.add(f.hostClass() + "." + f.name() + "@" + f.offset() + "/" + f.size());
        }
        return out;
    }

    @Test
    void sameLayoutAsJolsCurrentLayouter() throws Exception {
        WordLayouts layouts = new WordLayouts(internalUnsafe(), "numa$headerWord", new FieldIds());
        List<Class<?>> classes = new ArrayList<>(List.of(Base.class, Derived.class,
                java.util.concurrent.atomic.AtomicLong.class, java.util.ArrayList.class));
        for (String state : List.of("StateBaseline", "StatePadded", "StateHierarchy", "StateContended", "StateArray")) {
            classes.add(Class.forName("org.openjdk.jmh.samples.JMHSample_22_FalseSharing$" + state));
        }
        for (Class<?> c : classes) {
            ClassLayout jol = ClassLayout.parseClass(c);
            assertEquals(fields(jol), fields(ClassLayout.parseClass(c, layouts.layouter())), c.getName());
            // the words the diagnosis uses: the same fields at the same offsets
            List<String> words = new ArrayList<>();
            for (WordLayout.Word w : layouts.of(c).words()) {
                words.add(w.name() + "@" + w.offset() + "/" + w.size());
            }
            List<String> expected = new ArrayList<>();
            for (FieldLayout f : jol.fields()) {
                expected.add(f.name() + "@" + f.offset() + "/" + f.size());
            }
            assertEquals(expected, words, c.getName());
            assertEquals(jol.toPrintable(), layouts.of(c).printable(), c.getName());
        }
        // sun.misc.Unsafe refuses records' offsets (JOL's CurrentLayouter then fails); the internal one does not
        List<String> point = fields(ClassLayout.parseClass(Point.class, layouts.layouter()));
        assertEquals(2, point.size(), point.toString());
        for (WordLayout.Word w : layouts.of(Point.class).words()) {
            assertTrue(w.offset() >= 8 && w.offset() % w.size() == 0, w.toString());
        }
    }

    @Test
    void wordsAndFieldIdsResolveThroughTheHierarchy() throws Exception {
        FieldIds ids = new FieldIds();
        WordLayouts layouts = new WordLayouts(internalUnsafe(), "numa$headerWord", ids);
        WordLayout l = layouts.of(Derived.class);
        String base = Base.class.getName().replace('.', '/');
        String derived = Derived.class.getName().replace('.', '/');
        int baseRef = l.wordOf(layouts, Derived.class, ids.id(base, "ref"));
        int derivedRef = l.wordOf(layouts, Derived.class, ids.id(derived, "ref"));
        int count = l.wordOf(layouts, Derived.class, ids.id(derived, "count")); // inherited, named through the subclass
        assertEquals(Base.class.getName(), l.words().get(baseRef).declaringClass());
        assertEquals(Derived.class.getName(), l.words().get(derivedRef).declaringClass());
        assertEquals("count", l.words().get(count).name());
        assertEquals(-1, l.wordOf(layouts, Derived.class, ids.id(derived, "missing")));
        assertEquals(l.words().get(count).offset(), l.offset(count));
        WordLayout longs = layouts.of(long[].class);
        assertTrue(longs.isArray());
        assertEquals(8, longs.scale());
        assertEquals(longs.base() + 8L * 5, longs.offset(5));
    }
}
