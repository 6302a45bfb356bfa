package com.numa.profiler.sharing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ids of the fields named by instrumented GETFIELD/PUTFIELD instructions under -XX:+NUMAProfilerDiagnose: the
 * instruction's owner class (internal name) and the field's name, as the bytecode names them. The id travels with the
 * access through the hooks (an int constant in the rewritten code); {@link WordLayouts} turns it into the field of the
 * accessed object's class, which may be a subclass of the owner.
 */
public final class FieldIds {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final List<String[]> names = new ArrayList<>();

    /** The id of {@code owner.name} ({@code owner} an internal name such as {@code a/b/C}), made on first use. */
    public int id(String owner, String name) {
        String key = owner + '.' + name;
        Integer id = ids.get(key);
        if (id != null) {
            return id;
        }
        synchronized (this) {
            return ids.computeIfAbsent(key, k -> {
                names.add(new String[] {owner, name});
                return names.size() - 1;
            });
        }
    }

    /** The owner class of field {@code id} as a Java name, or null for an unknown id. */
    public synchronized String owner(int id) {
        return id >= 0 && id < names.size() ? names.get(id)[0].replace('/', '.') : null;
    }

    /** The field's name, or null for an unknown id. */
    public synchronized String name(int id) {
        return id >= 0 && id < names.size() ? names.get(id)[1] : null;
    }

    public synchronized int size() {
        return names.size();
    }
}
