package com.numa.profiler.tracking;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which classes were given the header word (by internal name): the transformer adds the topmost instrumentable class of
 * each hierarchy, its subclasses inherit the field, and {@link HeaderWordAccess} looks the field up only in these.
 */
public final class HeaderWordClasses {
    private final Set<String> carriers = ConcurrentHashMap.newKeySet();
    private final boolean enabled;

    /** {@code enabled} is false when the field could not be reached (then no class gets it: all use the side table). */
    public HeaderWordClasses(boolean enabled) {
        this.enabled = enabled;
    }

    public boolean enabled() {
        return enabled;
    }

    public void add(String internalName) {
        carriers.add(internalName);
    }

    public boolean declares(String internalName) {
        return carriers.contains(internalName);
    }
}
