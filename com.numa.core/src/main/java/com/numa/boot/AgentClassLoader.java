package com.numa.boot;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.Collections;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * numa-jvm's own class loader: defines the classes and serves the resources kept under {@link AgentLayout#PREFIX} of
 * the agent jar. Its parent is the platform class loader, so the application's class path (its JNA, Jackson, ASM) is
 * never seen; the JDK and the boot class path (the profiler's hooks once appended) come first, as for any loader.
 * This package's own classes come from the loader that loaded the entry point, so both sides share them.
 *
 * <p>Classes carry the agent jar as their code source, so code that asks where it was loaded from finds the jar.
 */
public final class AgentClassLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final JarFile jar;
    private final URL jarUrl;
    private final ProtectionDomain domain;
    private final ClassLoader entryLoader;

    AgentClassLoader(JarFile jar, URL jarUrl, ClassLoader entryLoader) {
        super("numa-jvm", ClassLoader.getPlatformClassLoader());
        this.jar = jar;
        this.jarUrl = jarUrl;
        this.domain = new ProtectionDomain(new CodeSource(jarUrl, (Certificate[]) null), null, this, null);
        this.entryLoader = entryLoader;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(AgentLayout.class.getPackageName() + ".")) {
            return entryLoader.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String resource = name.replace('.', '/') + ".class";
        JarEntry entry = jar.getJarEntry(AgentLayout.entryName(resource));
        if (entry == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = jar.getInputStream(entry)) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read it from " + jarUrl + ": " + e.getMessage(), e);
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            String pkg = name.substring(0, dot);
            if (getDefinedPackage(pkg) == null) {
                try {
                    definePackage(pkg, null, null, null, null, null, null, null);
                } catch (IllegalArgumentException raced) {
                    // another thread defined it first
                }
            }
        }
        return defineClass(name, bytes, 0, bytes.length, domain);
    }

    @Override
    protected URL findResource(String name) {
        String entry = AgentLayout.entryName(name);
        if (jar.getEntry(entry) == null) {
            return null;
        }
        try {
            return new URL("jar:" + jarUrl + "!/" + entry);
        } catch (MalformedURLException e) {
            return null;
        }
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL url = findResource(name);
        return url == null ? Collections.emptyEnumeration() : Collections.enumeration(Collections.singletonList(url));
    }
}
