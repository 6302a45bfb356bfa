package com.numa.profiler.rt;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A small hook method (35 bytes of bytecode at most, which C1 inlines anyway) that C2 must inline wherever it is
 * called, however rarely: one on the sampled path that handles the application's object, which would otherwise escape
 * into the call (see {@link WordHooks}). JDK 25's C2 leaves out of the compiled method a call its profile sees seldom
 * ("low call site frequency"), as a sampled path is. com.numa.profiler.BootstrapRuntime turns this mark into HotSpot's
 * own {@code ForceInline} when the runtime is put on the boot class path; elsewhere it does nothing.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Inline {
}
