package com.numa.profiler.rt;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hook method the JIT should call rather than inline into the application's methods: the way into the sink, which
 * in sampled mode runs for one access in N but, inlined into every hooked access and allocation, made the compiled
 * methods about three times larger (h2: compile time and code cache). When the hook runtime is put on the boot class
 * path, com.numa.profiler.BootstrapRuntime turns this mark into HotSpot's own {@code DontInline}, which the VM honours
 * in boot-loaded classes only; elsewhere the mark does nothing.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface OutOfLine {
}
