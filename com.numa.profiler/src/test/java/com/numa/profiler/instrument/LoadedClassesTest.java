package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Loaded classes are retransformed in one call, and class by class only when the JVM refuses that call. */
class LoadedClassesTest {
    /** An Instrumentation that records each retransformClasses call and refuses any call that names {@code bad}. */
    private static Instrumentation recording(List<List<Class<?>>> calls, Class<?> bad) {
        return (Instrumentation) Proxy.newProxyInstance(LoadedClassesTest.class.getClassLoader(),
                new Class<?>[] {Instrumentation.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("retransformClasses")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    List<Class<?>> classes = Arrays.asList((Class<?>[]) args[0]);
                    calls.add(classes);
                    if (classes.contains(bad)) {
                        throw new UnmodifiableClassException(bad.getName());
                    }
                    return null;
                });
    }

    @Test
    void allClassesInOneCall() {
        List<List<Class<?>>> calls = new ArrayList<>();
        Map<Class<?>, Throwable> refused = new LinkedHashMap<>();
        List<Class<?>> classes = List.of(java.util.ArrayList.class, java.util.HashMap.class, java.util.TreeMap.class);
        assertEquals(1, LoadedClasses.retransform(recording(calls, null), classes, refused::put));
        assertEquals(List.of(classes), calls, "one call naming every class: one redefinition at one safepoint");
        assertEquals(Map.of(), refused);
    }

    @Test
    void aRefusedBatchIsRetriedClassByClassAndOnlyTheRefusedClassIsReported() {
        List<List<Class<?>>> calls = new ArrayList<>();
        Map<Class<?>, Throwable> refused = new LinkedHashMap<>();
        List<Class<?>> classes = List.of(java.util.ArrayList.class, java.util.HashMap.class, java.util.TreeMap.class);
        assertEquals(4, LoadedClasses.retransform(recording(calls, java.util.HashMap.class), classes, refused::put));
        assertEquals(List.of(classes, List.of(java.util.ArrayList.class), List.of(java.util.HashMap.class),
                List.of(java.util.TreeMap.class)), calls, "the others are still retransformed");
        assertEquals(List.of(java.util.HashMap.class), List.copyOf(refused.keySet()));
        assertEquals(UnmodifiableClassException.class, refused.get(java.util.HashMap.class).getClass());
    }

    @Test
    void noCallForNoClassAndOneForARefusedSingleClass() {
        List<List<Class<?>>> calls = new ArrayList<>();
        Map<Class<?>, Throwable> refused = new LinkedHashMap<>();
        assertEquals(0, LoadedClasses.retransform(recording(calls, null), List.of(), refused::put));
        assertEquals(1, LoadedClasses.retransform(recording(calls, java.util.HashMap.class),
                List.of(java.util.HashMap.class), refused::put));
        assertEquals(1, calls.size(), "a single refused class is not asked again");
        assertEquals(List.of(java.util.HashMap.class), List.copyOf(refused.keySet()));
    }
}
