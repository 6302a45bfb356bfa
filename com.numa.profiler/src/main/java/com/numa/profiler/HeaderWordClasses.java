package com.numa.profiler;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which classes were given the header word (by internal name): the transformer adds the topmost instrumentable class of
 * each hierarchy, its subclasses inherit the field, and {@link HeaderWordAccess} looks the field up only in these.
 */
final class HeaderWordClasses {
    private final Set<String> carriers = ConcurrentHashMap.newKeySet();
    private final boolean enabled;

    /** {@code enabled} is false when the field could not be reached (then no class gets it: all use the side table). */
    HeaderWordClasses(boolean enabled) {
        this.enabled = enabled;
    }

    boolean enabled() {
        return enabled;
    }

    void add(String internalName) {
        carriers.add(internalName);
    }

    boolean declares(String internalName) {
        return carriers.contains(internalName);
    }
}
