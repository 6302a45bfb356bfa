package com.numa.profiler;

import com.numa.profiler.instrument.ProfilerTransformer;
import java.io.InputStream;
import java.util.List;
import java.util.function.Predicate;

/**
 * Defines its own copy of the classes {@code which} selects, from the test class path's class files rewritten by the
 * given steps in turn (a step returning null leaves the bytes as they were: the transformer's "not changed"); every
 * other class comes from the parent. So a test gets freshly instrumented, or separately unloadable, copies of a class.
 */
public final class OwnCopyLoader extends ClassLoader {
    /** One rewriting of a class file, shaped like ClassFileTransformer.transform without the class and domain. */
    public interface Step {
        byte[] apply(ClassLoader loader, String internalName, byte[] bytes);
    }

    private final Predicate<String> which;
    private final List<Step> steps;

    public OwnCopyLoader(Predicate<String> which, Step... steps) {
        super(OwnCopyLoader.class.getClassLoader());
        this.which = which;
        this.steps = List.of(steps);
    }

    /** A step running {@code transformer} as the agent would. */
    public static Step transforming(ProfilerTransformer transformer) {
        return (loader, name, bytes) -> transformer.transform(loader, name, null, null, bytes);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            if (!which.test(name)) {
                return super.loadClass(name, resolve);
            }
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] bytes = in.readAllBytes();
                    for (Step s : steps) {
                        byte[] out = s.apply(this, name.replace('.', '/'), bytes);
                        bytes = out != null ? out : bytes;
                    }
                    c = defineClass(name, bytes, 0, bytes.length);
                } catch (java.io.IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
            return c;
        }
    }
}
