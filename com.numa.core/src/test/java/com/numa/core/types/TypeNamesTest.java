package com.numa.core.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TypeNamesTest {
    @Test
    void arraysAreSpelledAsInJava() {
        assertEquals("long[]", TypeNames.of(long[].class));
        assertEquals("java.lang.String[]", TypeNames.of(String[].class));
        assertEquals("int[][]", TypeNames.of(int[][].class));
        assertEquals("java.util.Map$Entry[]", TypeNames.of(Map.Entry[].class));
        for (Class<?> c : new Class<?>[] {boolean[].class, byte[].class, char[].class, short[].class, int[].class,
            long[].class, float[].class, double[].class, Object[][][].class}) {
            assertEquals(c.getTypeName(), TypeNames.of(c), c.getName());
        }
    }

    @Test
    void everyJvmSpellingGivesTheSameName() {
        assertEquals("java.lang.String[][]", TypeNames.of("[[Ljava.lang.String;"));
        assertEquals("java.lang.String[][]", TypeNames.of("[[Ljava/lang/String;"));
        assertEquals("java.util.HashMap", TypeNames.of("java/util/HashMap"));
        assertEquals("java.util.HashMap", TypeNames.of("java.util.HashMap"));
        assertEquals("long[]", TypeNames.of("long[]"), "already Java's spelling");
    }

    @Test
    void classesKeepTheirBinaryName() {
        assertEquals("java.util.Map$Entry", TypeNames.of(Map.Entry.class));
        assertEquals("java.lang.Object", TypeNames.of(Object.class));
    }
}
