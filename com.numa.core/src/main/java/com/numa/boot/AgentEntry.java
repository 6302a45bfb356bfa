package com.numa.boot;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * The entry points of {@code numa-agent.jar}: {@code premain} and {@code agentmain} for the agent, {@code main} for the
 * launcher ({@code bin/numa}, {@code java -jar numa-agent.jar}). Each finds the class loader numa-jvm runs in and
 * hands over to the real entry point there ({@value #AGENT} or {@value #LAUNCHER}):
 * <ul>
 *   <li>the packaged jar: an {@link AgentClassLoader} over the jar, which the application cannot see;</li>
 *   <li>the packaged jar with {@value AgentLayout#API_FLAG} (or on-demand profiling): the system class loader, with a
 *       plain copy of the classes appended to its search, because the application calls numa-jvm itself;</li>
 *   <li>any other jar (mx's, a manifest-only jar over class directories): the loader of this class.</li>
 * </ul>
 * The agent must never take the application down: a failure here is one line on stderr, and the application runs on.
 */
public final class AgentEntry {
    static final String AGENT = "com.numa.vm.NumaAgent";
    static final String LAUNCHER = "com.numa.vm.Launcher";

    /** The loader numa-jvm runs in, once chosen: one per JVM, whichever entry point came first. */
    private static ClassLoader loader;

    private AgentEntry() {
    }

    public static void premain(String agentArgs, Instrumentation inst) {
        startAgent("premain", agentArgs, inst);
    }

    public static void agentmain(String agentArgs, Instrumentation inst) {
        startAgent("agentmain", agentArgs, inst);
    }

    public static void main(String[] args) throws Throwable {
        ClassLoader l;
        try {
            l = loader(false, null);
        } catch (IOException e) {
            System.err.println("numa: cannot read numa-jvm's classes from " + AgentLayout.ownJar() + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        Thread.currentThread().setContextClassLoader(l);
        try {
            Class.forName(LAUNCHER, true, l).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void startAgent(String method, String agentArgs, Instrumentation inst) {
        Thread current = Thread.currentThread();
        ClassLoader context = current.getContextClassLoader();
        try {
            ClassLoader l = loader(AgentLayout.apiRequested(agentArgs), inst);
            // threads the features start inherit it; the application's main thread gets its own back below
            current.setContextClassLoader(l);
            Method entry = Class.forName(AGENT, true, l).getMethod(method, String.class, Instrumentation.class);
            entry.invoke(null, agentArgs, inst);
        } catch (InvocationTargetException e) {
            System.err.println("numa: internal failure: " + e.getCause() + "; numa-jvm is off for this run, the "
                    + "application runs on");
        } catch (Throwable t) {
            // LinkageError included: whatever went wrong, the application runs without us
            System.err.println("numa: cannot start numa-jvm: " + t + "; the application runs on without it");
        } finally {
            current.setContextClassLoader(context);
        }
    }

    /**
     * The loader numa-jvm runs in (see the class comment); {@code api}: the application calls numa-jvm, so the
     * system class loader must see it. A JVM that started the agent isolated keeps it so: an attach that asks for the
     * API later gets the isolated agent, as the classes cannot be in both.
     */
    static synchronized ClassLoader loader(boolean api, Instrumentation inst) throws IOException {
        if (loader != null) {
            return loader;
        }
        ClassLoader own = AgentEntry.class.getClassLoader();
        Path jarPath = AgentLayout.ownJar();
        if (jarPath == null) {
            return loader = own;
        }
        JarFile jar = new JarFile(jarPath.toFile());
        if (!AgentLayout.isolates(jar)) {
            jar.close();
            return loader = own;
        }
        if (api && inst != null) {
            jar.close();
            inst.appendToSystemClassLoaderSearch(new JarFile(AgentLayout.plainJar(jarPath).toFile()));
            return loader = ClassLoader.getSystemClassLoader();
        }
        return loader = new AgentClassLoader(jar, jarPath.toUri().toURL(), own);
    }
}
