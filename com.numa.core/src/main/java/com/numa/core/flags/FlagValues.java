package com.numa.core.flags;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** The values of a parsed flag set: explicitly given ones, and declared defaults for the rest. */
public final class FlagValues {
    private final FlagSet set;
    private final Map<Flag<?>, Object> given;

    FlagValues(FlagSet set, Map<Flag<?>, Object> given) {
        this.set = set;
        this.given = Collections.unmodifiableMap(given);
    }

    @SuppressWarnings("unchecked")
    public <T> T get(Flag<T> flag) {
        if (set.flag(flag.name()) != flag) {
            throw new IllegalArgumentException("flag " + flag + " is not declared in this flag set");
        }
        return given.containsKey(flag) ? (T) given.get(flag) : flag.defaultValue();
    }

    /** True when the flag was given explicitly (even if equal to its default). */
    public boolean isSet(Flag<?> flag) {
        return given.containsKey(flag);
    }

    /** The explicitly given flags in -XX: form, in order. */
    public List<String> toArgs() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<Flag<?>, Object> e : given.entrySet()) {
            Flag<?> f = e.getKey();
            out.add(f.isBoolean() ? "-XX:" + ((Boolean) e.getValue() ? "+" : "-") + f.name()
                    : "-XX:" + f.name() + "=" + f.format(e.getValue()));
        }
        return out;
    }

    /** The explicitly given flags as one java agent argument string ({@link AgentArgs#join}). */
    public String toAgentArgs() {
        return AgentArgs.join(toArgs());
    }
}
