package com.numa.profiler;

import com.numa.profiler.rt.Hooks;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For tests that drive a runtime directly: the hooks are active during each test (allocations are counted only inside
 * the profiling window), and afterwards inactive, with no sink installed and no sampling left behind.
 */
public final class ActiveHooks implements BeforeEachCallback, AfterEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) {
        Hooks.setActive(true);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Hooks.setActive(false);
        Hooks.install(null);
        Hooks.setSampling(1);
    }
}
