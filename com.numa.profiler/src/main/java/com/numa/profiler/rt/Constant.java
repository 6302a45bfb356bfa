package com.numa.profiler.rt;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A static final array field of the hook runtime whose elements, once set to a value other than 0 or null, never
 * change: com.numa.profiler.BootstrapRuntime turns this mark into HotSpot's own {@code Stable} when the runtime is put
 * on the boot class path, so that the JIT folds a set element read at a constant index into a constant (see
 * {@link WordHooks}). Elsewhere it does nothing.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface Constant {
}
