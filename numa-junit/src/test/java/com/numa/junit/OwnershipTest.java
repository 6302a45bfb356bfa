package com.numa.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.numa.junit.Ownership.Relation;
import java.util.List;
import org.junit.jupiter.api.Test;

class OwnershipTest {
    static class Base {
        long[] inherited = new long[4];
    }

    static final class Counters extends Base {
        final long[] slots = new long[4];
        final Slot[] cells = new Slot[2];
        CharSequence name;
        Object anything;
        long plain;
    }

    static final class Slot {
        long value;
    }

    private static final String COUNTERS = "com.numa.junit.OwnershipTest$Counters";

    @Test
    void itsOwnInstancesAndWhatItsMethodsAllocateAreItsOwn() {
        Ownership o = new Ownership(Counters.class);
        assertEquals(Relation.SELF, o.of(COUNTERS + ".<init>:1", COUNTERS));
        assertEquals(Relation.SELF, o.of("x.Main.main:3", COUNTERS), "made anywhere, still an instance");
        assertEquals(Relation.ALLOCATED, o.of(COUNTERS + ".<init>:17", "long[]"));
        assertEquals(Relation.ALLOCATED, o.of(COUNTERS + ".lambda$grow$0:40", "com.numa.junit.OwnershipTest$Slot"));
        assertEquals(Relation.ALLOCATED, o.of("com.numa.junit.OwnershipTest$Base.<init>:12", "long[]"),
                "a superclass's constructor fills the instance's inherited fields");
        assertEquals(Relation.ALLOCATED, o.of(COUNTERS + ".<init>:17 < x.Main.main:3", "long[]"));
    }

    @Test
    void whatItsFieldsCanHoldButOthersAllocatedIsUndecided() {
        Ownership o = new Ownership(Counters.class);
        assertEquals(Relation.UNDECIDED, o.of("x.Main.main:3", "long[]"));
        assertEquals(List.of("slots (long[])", "inherited (long[])"), o.fieldsHolding("long[]"));
        assertEquals(Relation.UNDECIDED, o.of("x.Main.main:3", "java.lang.String"), "CharSequence name can hold it");
        assertEquals(Relation.UNDECIDED, o.of("x.Main.main:3", "com.numa.junit.OwnershipTest$Slot[]"));
        assertEquals(Relation.NONE, o.of("x.Main.main:3", "int[]"), "no field can hold an int[]");
        assertEquals(Relation.NONE, o.of("x.Main.main:3", "java.util.HashMap"), "Object fields are left out");
        assertEquals(Relation.NONE, o.of(COUNTERS + "Extra.<init>:2", "int[]"), "another class, same prefix");
    }

    @Test
    void fieldTypesAndClassLiteralsInJavasSpelling() {
        Ownership o = new Ownership(Counters.class);
        assertEquals("long[]", o.referenceFieldType("slots"));
        assertEquals("com.numa.junit.OwnershipTest$Slot[]", o.referenceFieldType("cells"));
        assertNull(o.referenceFieldType("plain"));
        assertEquals("long[].class", Ownership.classLiteral("long[]"));
        assertEquals("a.B.C.class", Ownership.classLiteral("a.B$C"));
    }
}
