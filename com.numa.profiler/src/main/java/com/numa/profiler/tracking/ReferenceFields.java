package com.numa.profiler.tracking;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reference fields as the trace numbers them. At instrumentation time a field reference (owner, name) gets an id; at
 * run time an object's reference fields are its slots, superclass fields first, each class's in declaration order, so
 * a field has the same slot in every subclass. A static reference field's id is its root slot.
 */
public final class ReferenceFields {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final List<String[]> byId = new ArrayList<>(List.<String[]>of(new String[] {"?", "?"}));
    /** Slot + 1 of each field id once resolved (0 = not yet); a field reference always resolves to one field. */
    private volatile int[] slots = new int[64];

    /** Instance reference slots of each class, including its superclasses'. */
    private final ClassValue<Integer> slotCounts = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> c) {
            return c == null ? 0 : (c.getSuperclass() == null ? 0 : slotCount(c.getSuperclass())) + declared(c).size();
        }
    };

    /** The id of field {@code name} referenced through class {@code owner} (internal name). */
    public int id(String owner, String name) {
        return ids.computeIfAbsent(owner + '.' + name, k -> {
            synchronized (byId) {
                byId.add(new String[] {owner.replace('/', '.'), name});
                return byId.size() - 1;
            }
        });
    }

    /** Reference slots of an object of class {@code c}: an array's length for reference arrays, 0 for primitive ones. */
    public int slots(Object o) {
        Class<?> c = o.getClass();
        if (c.isArray()) {
            return c.getComponentType().isPrimitive() ? 0 : ((Object[]) o).length;
        }
        return slotCount(c);
    }

    private int slotCount(Class<?> c) {
        return slotCounts.get(c);
    }

    /** The slot of field {@code fieldId} in {@code o}, or -1 when it cannot be found. */
    public int slot(Object o, int fieldId) {
        int[] s = slots;
        if (fieldId < s.length && s[fieldId] != 0) {
            return s[fieldId] - 1;
        }
        return resolve(o.getClass(), fieldId);
    }

    private synchronized int resolve(Class<?> c, int fieldId) {
        String[] ref;
        synchronized (byId) {
            ref = fieldId > 0 && fieldId < byId.size() ? byId.get(fieldId) : null;
        }
        if (ref == null) {
            return -1;
        }
        while (c != null && !c.getName().equals(ref[0])) { // the class the bytecode named, then up to the declarer
            c = c.getSuperclass();
        }
        for (; c != null; c = c.getSuperclass()) {
            List<Field> declared = declared(c);
            for (int i = 0; i < declared.size(); i++) {
                if (declared.get(i).getName().equals(ref[1])) {
                    int slot = (c.getSuperclass() == null ? 0 : slotCount(c.getSuperclass())) + i;
                    int[] s = slots;
                    if (fieldId >= s.length) {
                        s = java.util.Arrays.copyOf(s, Math.max(fieldId + 1, s.length * 2));
                    }
                    s[fieldId] = slot + 1;
                    slots = s;
                    return slot;
                }
            }
        }
        return -1;
    }

    private static List<Field> declared(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                out.add(f);
            }
        }
        return out;
    }
}
