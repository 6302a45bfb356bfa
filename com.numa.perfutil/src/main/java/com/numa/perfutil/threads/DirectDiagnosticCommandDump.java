package com.numa.perfutil.threads;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.DynamicMBean;

/**
 * The same DiagnosticCommand MBean as {@link DiagnosticCommandDump}, reached without the platform MBean server.
 * Starting that server registers and introspects every platform MXBean: measured 110-440 ms of CPU on the development
 * VM (under load) and ~10 MB of RSS, paid at the first thread dump of every run that uses the inventory (the
 * optimizer's first interval, PerfUtil's start). The bean itself comes from HotSpot's own provider of platform beans
 * ({@code com.sun.management.internal.PlatformMBeanProviderImpl}, the one the server would ask), whose packages the
 * agent exports to this module through its Instrumentation: public methods only, nothing opened for deep reflection,
 * no MBean registered anywhere. Measured 25-75 ms for the same first dump. Resolved at the first dump, not when the
 * inventory is made (the agent makes it before the application starts); where this JDK does not offer the provider,
 * every dump goes through the platform server as before.
 */
final class DirectDiagnosticCommandDump implements ThreadDumpSource {
    private static final String PATTERN = "com.sun.management:type=DiagnosticCommand";
    private static final String[] SIGNATURE = {String[].class.getName()};

    private final Instrumentation inst;
    private DynamicMBean bean;
    private ThreadDumpSource fallback;

    DirectDiagnosticCommandDump(Instrumentation inst) {
        this.inst = inst;
    }

    @Override
    public synchronized String threadPrint() throws Exception {
        if (bean == null && fallback == null) {
            bean = find(inst);
            if (bean == null) {
                fallback = new DiagnosticCommandDump();
            }
        }
        return bean != null ? (String) bean.invoke("threadPrint", new Object[] {new String[0]}, SIGNATURE)
                : fallback.threadPrint();
    }

    /** The DiagnosticCommand bean from HotSpot's provider, or null when this JDK does not offer it so. */
    static DynamicMBean find(Instrumentation inst) {
        if (inst == null) {
            return null;
        }
        try {
            Module self = DirectDiagnosticCommandDump.class.getModule();
            Module management = ModuleLayer.boot().findModule("java.management").orElse(null);
            Module jdkManagement = ModuleLayer.boot().findModule("jdk.management").orElse(null);
            if (management == null || jdkManagement == null || !inst.isModifiableModule(management)
                    || !inst.isModifiableModule(jdkManagement)) {
                return null;
            }
            inst.redefineModule(management, Set.of(), Map.of("sun.management.spi", Set.of(self)), Map.of(), Set.of(),
                    Map.of());
            inst.redefineModule(jdkManagement, Set.of(), Map.of("com.sun.management.internal", Set.of(self)), Map.of(),
                    Set.of(), Map.of());
            Class<?> providerClass = Class.forName("com.sun.management.internal.PlatformMBeanProviderImpl");
            Class<?> componentClass = Class.forName("sun.management.spi.PlatformMBeanProvider$PlatformComponent");
            Object provider = providerClass.getConstructor().newInstance();
            Method pattern = componentClass.getMethod("getObjectNamePattern");
            Method beans = componentClass.getMethod("nameToMBeanMap");
            for (Object component : (List<?>) providerClass.getMethod("getPlatformComponentList").invoke(provider)) {
                if (PATTERN.equals(pattern.invoke(component))) {
                    for (Object b : ((Map<?, ?>) beans.invoke(component)).values()) {
                        if (b instanceof DynamicMBean d) {
                            return d;
                        }
                    }
                }
            }
            return null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // another JDK layout: the platform server still works
        }
    }
}
