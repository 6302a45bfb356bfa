package com.numa.junit;

import com.numa.core.types.TypeNames;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * What a class answers for in {@code assertNoFalseSharing(Owner.class)}: its own instances, and the objects and arrays
 * it owns. The profile knows each object's allocation site (class, method, line), not which fields refer to it, so
 * "owns" means "allocated by a method of the class or of its superclasses" (a constructor, a field initializer, a
 * lambda in it): the array a {@code Counters} makes in its constructor and keeps in a field. An object of a type that
 * one of the class's instance fields can hold, allocated elsewhere, may or may not be the one the field holds: the
 * profile cannot tell, and {@link #of} says so instead of guessing.
 */
final class Ownership {
    /** How an object of the diagnosis relates to the owner class. */
    enum Relation {
        /** An instance of the class itself. */
        SELF,
        /** Allocated by a method of the class (or of a superclass). */
        ALLOCATED,
        /** Of a type a reference field of the class can hold, but allocated elsewhere: may or may not be reachable. */
        UNDECIDED,
        /** None of the above. */
        NONE
    }

    private final Class<?> owner;
    /** The owner and its superclasses below java.lang.Object, in Java's spelling. */
    private final List<String> classes = new ArrayList<>();
    /** The instance fields of reference type over the hierarchy, Object-typed ones left out (they can hold anything). */
    private final List<Field> references = new ArrayList<>();

    Ownership(Class<?> owner) {
        this.owner = owner;
        for (Class<?> c = owner; c != null && c != Object.class; c = c.getSuperclass()) {
            classes.add(TypeNames.of(c));
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive() && f.getType() != Object.class) {
                    references.add(f);
                }
            }
        }
    }

    /** How an object of {@code type} allocated at {@code site} (the profiler's "pkg.C.method:line") relates. */
    Relation of(String site, String type) {
        if (type.equals(TypeNames.of(owner)) || type.equals(owner.getTypeName())) {
            return Relation.SELF;
        }
        if (allocatedByOwner(site)) {
            return Relation.ALLOCATED;
        }
        return fieldsHolding(type).isEmpty() ? Relation.NONE : Relation.UNDECIDED;
    }

    /** "name (type)" of each reference field that can hold an object of {@code type}. */
    List<String> fieldsHolding(String type) {
        List<String> out = new ArrayList<>();
        for (Field f : references) {
            if (canHold(f.getType(), type)) {
                out.add(f.getName() + " (" + TypeNames.of(f.getType()) + ")");
            }
        }
        return out;
    }

    /** The Java name of the type of reference field {@code name} of the class (or a superclass), or null. */
    String referenceFieldType(String name) {
        for (Field f : references) {
            if (f.getName().equals(name)) {
                return TypeNames.of(f.getType());
            }
        }
        return null;
    }

    private boolean allocatedByOwner(String site) {
        for (String c : classes) {
            if (site.startsWith(c + ".")) {
                String rest = site.substring(c.length() + 1); // "method:line < callers" or "method"
                String method = rest.split("[: ]", 2)[0];
                if (!method.contains(".")) { // not a class in a package that happens to be named c
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a field declared as {@code declared} can refer to an object whose class is named {@code type}. */
    private boolean canHold(Class<?> declared, String type) {
        if (TypeNames.of(declared).equals(type)) {
            return true;
        }
        if (declared.isArray() || type.endsWith("[]")) {
            return false; // arrays: by name only (an Object[] field left aside, as Object fields are)
        }
        try {
            return declared.isAssignableFrom(Class.forName(type, false, owner.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** How a user names {@code type} in Java source: {@code long[].class}, {@code com.x.Outer.Inner.class}. */
    static String classLiteral(String type) {
        return type.replace('$', '.') + ".class";
    }
}
