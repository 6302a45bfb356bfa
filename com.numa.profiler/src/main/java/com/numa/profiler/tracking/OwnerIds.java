package com.numa.profiler.tracking;

import com.numa.profiler.rt.WordHooks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Ids of the classes that name accessed fields, per class loader, for WordHooks' table of header word offsets: within
 * one loader a name resolves to one class, and every instance of it has its word at one offset (or none). Handed out
 * while instrumenting; an id is looked up by name when its first sampled access finds its offset unknown.
 */
public final class OwnerIds {
    /** No id: the hooks pass the object. */
    public static final int NONE = -1;
    private final Map<ClassLoader, Map<String, Integer>> byLoader = new WeakHashMap<>();
    /** The boot loader's (a WeakHashMap key may not be null). */
    private final Map<String, Integer> boot = new HashMap<>();
    /** Java names by id. */
    private final List<String> names = new ArrayList<>(List.of(""));

    /** The id of class {@code internalName} as {@code loader} resolves it, or {@link #NONE} once the table is full. */
    public synchronized int id(ClassLoader loader, String internalName) {
        Map<String, Integer> ids = loader == null ? boot : byLoader.computeIfAbsent(loader, l -> new HashMap<>());
        Integer id = ids.get(internalName);
        if (id != null) {
            return id;
        }
        int next = names.size();
        if (next >= WordHooks.CAPACITY) {
            return NONE;
        }
        names.add(internalName.replace('/', '.'));
        ids.put(internalName, next);
        return next;
    }

    /** The Java name of the class with id {@code id}, or null. */
    synchronized String javaName(int id) {
        return id > 0 && id < names.size() ? names.get(id) : null;
    }

    /** The class named by {@code id} among {@code c} and its superclasses (an instance's class), or null. */
    Class<?> find(int id, Class<?> c) {
        String name = javaName(id);
        for (Class<?> k = c; k != null && name != null; k = k.getSuperclass()) {
            if (k.getName().equals(name)) {
                return k;
            }
        }
        return null;
    }
}
