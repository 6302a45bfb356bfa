package com.numa.profiler;

import com.numa.profiler.instrument.ProfilerTransformer;
import com.numa.profiler.instrument.TransformerTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.log.NumaLog;
import com.numa.core.window.MeasurementWindow;
import com.numa.core.window.MethodWindow;
import com.numa.profiler.groundtruth.MethodWindowProgram;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The marks of a method window, on classes rewritten here and loaded in this JVM (so the verifier checks them): the
 * window opens at the start method's entry and closes at the stop method's exit whatever the way out (return of any
 * type, exception, recursion, two threads), the method's own handlers still come first, and the marks sit on top of the
 * sampled profiler's code. Each spans shows as one started and one ended measured iteration of MeasurementWindow.
 */
class MethodWindowMarksTest {
    private static final String PROGRAM = MethodWindowProgram.class.getName();

    /** Edges seen, as "start"/"end", in order. */
    private final List<String> edges = new ArrayList<>();
    private final MeasurementWindow.Listener listener = new MeasurementWindow.Listener() {
        @Override
        public void iterationStarted(boolean warmup) {
            synchronized (edges) {
                edges.add(warmup ? "warm-up" : "start");
            }
        }

        @Override
        public void iterationEnded(boolean warmup) {
            synchronized (edges) {
                edges.add(warmup ? "warm-up" : "end");
            }
        }
    };

    @BeforeEach
    void listen() {
        assertFalse(MethodWindow.isOpen(), "an earlier test left the window open");
        MeasurementWindow.addListener(listener);
    }

    @AfterEach
    void stopListening() {
        MeasurementWindow.removeListener(listener);
    }

    private static MethodWindowMarks marks(String start, String stop) {
        return new MethodWindowMarks(MethodWindowMarks.Target.of("-XX:NUMAWindowStartAt", start == null ? "" : PROGRAM + "." + start),
                MethodWindowMarks.Target.of("-XX:NUMAWindowStopAt", PROGRAM + "." + stop), new NumaLog(System.err));
    }

    private static Class<?> load(MethodWindowMarks marks) throws ClassNotFoundException {
        return new OwnCopyLoader(PROGRAM::equals, (loader, name, bytes) -> marks.transform(loader, name, null, null, bytes))
                .loadClass(PROGRAM);
    }

    private static Object call(Class<?> c, String method, Object... args) throws Throwable {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(method)) {
                try {
                    return m.invoke(null, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
        throw new AssertionError("no method " + method);
    }

    @Test
    void everyReturnTypeClosesTheWindowAndKeepsTheValue() throws Throwable {
        for (String m : List.of("span", "real", "ref", "nothing")) {
            Class<?> c = load(marks(m, m));
            Object[] args = switch (m) {
                case "span" -> new Object[] {4L};
                case "real" -> new Object[] {3.0};
                case "ref" -> new Object[] {null};
                default -> new Object[0];
            };
            Object v = call(c, m, args);
            Object expected = call(MethodWindowProgram.class, m, args);
            assertEquals(expected, v, m);
        }
        assertEquals(List.of("start", "end", "start", "end", "start", "end", "start", "end"), edges);
        assertFalse(MethodWindow.isOpen());
    }

    @Test
    void anExceptionOutOfTheStopMethodClosesTheWindowAndReachesTheCaller() throws Throwable {
        Class<?> c = load(marks("begin", "fails"));
        call(c, "begin");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> call(c, "fails", 7));
        assertEquals("from the stop method 7", e.getMessage());
        assertEquals(List.of("start", "end"), edges);
        assertFalse(MethodWindow.isOpen());
    }

    @Test
    void theMethodsOwnHandlerComesFirst() throws Throwable {
        Class<?> c = load(marks("catchesItself", "catchesItself"));
        assertEquals(-1, call(c, "catchesItself", 5));
        assertEquals(0, call(c, "catchesItself", 0));
        assertEquals(List.of("start", "end", "start", "end"), edges, "one span per call: the inner throw is the method's own");
    }

    @Test
    void recursionClosesAtTheOutermostExit() throws Throwable {
        Class<?> c = load(marks("recurse", "recurse"));
        assertEquals(5, call(c, "recurse", 5));
        assertEquals(List.of("start", "end"), edges);
    }

    @Test
    void instanceMethodsAreMarkedToo() throws Throwable {
        Class<?> c = load(marks("instance", "instance"));
        Object o = call(c, "create");
        Method m = c.getMethod("instance", int.class);
        assertEquals(11, m.invoke(o, 10));
        assertEquals(List.of("start", "end"), edges);
    }

    @Test
    void theLastOfTwoThreadsInTheStopMethodClosesTheWindow() throws Throwable {
        Class<?> c = load(marks("begin", "work"));
        call(c, "begin");
        call(c, "begin"); // entries while open change nothing
        CountDownLatch bothInside = new CountDownLatch(2);
        CountDownLatch firstLeaves = new CountDownLatch(1);
        Throwable[] failure = new Throwable[1];
        Thread second = new Thread(() -> {
            try {
                call(c, "work", bothInside, firstLeaves, false);
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        second.start();
        call(c, "work", bothInside, firstLeaves, true);
        synchronized (edges) {
            assertEquals(List.of("start"), edges, "the second thread is still inside: the window stays open");
        }
        firstLeaves.countDown();
        second.join();
        assertEquals(null, failure[0]);
        assertEquals(List.of("start", "end"), edges);
    }

    @Test
    void theMarksWrapTheSampledProfilersCode() throws Throwable {
        ProfilerTransformer profiler = TransformerTest.transformer(false, true, new NumaLog(System.err));
        MethodWindowMarks marks = marks("arrays", "arrays");
        Class<?> c = new OwnCopyLoader(PROGRAM::equals, OwnCopyLoader.transforming(profiler),
                (loader, name, bytes) -> marks.transform(loader, name, null, null, bytes)).loadClass(PROGRAM);
        assertEquals(0, profiler.failedCount());
        assertEquals(3, call(c, "arrays", new Object[] {"a", null, "b", "c"}, 4));
        assertEquals(List.of("start", "end"), edges);
    }

    @Test
    void aMissingMethodIsNamedWithTheClassesMethods() throws Exception {
        MethodWindowMarks marks = marks("noSuch", "noSuch");
        load(marks);
        List<String> w = marks.warnings(false, false, false);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("-XX:NUMAWindowStartAt=" + PROGRAM + ".noSuch was never entered"), w.get(0));
        assertTrue(w.get(0).contains("has no method 'noSuch' (its methods: span, real, ref"), w.get(0));
        assertTrue(edges.isEmpty());
        MethodWindowMarks notLoaded = new MethodWindowMarks(MethodWindowMarks.Target.of("-XX:NUMAWindowStartAt", "a.B.run"),
                MethodWindowMarks.Target.of("-XX:NUMAWindowStopAt", "a.B.end"), new NumaLog(System.err));
        assertEquals(List.of("-XX:NUMAWindowStartAt=a.B.run was never entered, so no window was measured: class a.B was never loaded"),
                notLoaded.warnings(false, false, false));
        assertEquals(List.of("the window opened at a.B.run but a.B.end had not returned when the JVM exited (System.exit "
                + "inside it?), so the last span has no end"), notLoaded.warnings(true, true, true));
        assertEquals(List.of(), notLoaded.warnings(true, false, true), "a window that opened and closed: nothing to say");
    }

    @Test
    void namesAreCheckedAsTheProfilersStartAt() {
        for (String bad : List.of("nodot", "a..b", "a.b.", ".a.b", "a.<init>", "a.b-c.d", "a.b c")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MethodWindow.checkMethodName(bad), bad);
            assertInstanceOf(String.class, e.getMessage());
            assertTrue(e.getMessage().contains("pkg.Class.method"), e.getMessage());
        }
        assertEquals("a.b.C$D.run", MethodWindow.checkMethodName(" a.b.C$D.run "));
        assertEquals("", MethodWindow.checkMethodName(""));
    }
}
