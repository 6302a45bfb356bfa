package com.numa.profiler.rt;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hook method the JIT must inline wherever it is called, whatever its size: one that handles the application's object,
 * which would otherwise escape into the call (see {@link WordHooks}). com.numa.profiler.BootstrapRuntime turns this
 * mark into HotSpot's own {@code ForceInline} when the runtime is put on the boot class path; elsewhere it does
 * nothing.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Inline {
}
