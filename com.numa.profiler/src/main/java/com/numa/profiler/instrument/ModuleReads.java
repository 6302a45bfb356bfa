package com.numa.profiler.instrument;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Named modules (the JDK's, an application's) read only what they declare, so instrumented code in them could not link
 * against the hook runtime, which sits in the boot loader's unnamed module. Each module gets that read edge added once,
 * before its first instrumented class is defined.
 */
public final class ModuleReads {
    private final Instrumentation inst;
    private final Module runtime;
    private final Set<Module> done = ConcurrentHashMap.newKeySet();

    public ModuleReads(Instrumentation inst, Module runtime) {
        this.inst = inst;
        this.runtime = runtime;
    }

    /** Adds the read edge; false when the module cannot be changed (then its classes must stay uninstrumented). */
    boolean ensureReads(Module m) {
        if (m == null || !m.isNamed() || done.contains(m)) {
            return true;
        }
        try {
            if (!m.canRead(runtime)) {
                inst.redefineModule(m, Set.of(runtime), Map.of(), Map.of(), Set.of(), Map.of());
            }
            done.add(m);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
