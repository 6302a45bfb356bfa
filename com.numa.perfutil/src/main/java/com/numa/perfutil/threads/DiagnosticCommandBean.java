package com.numa.perfutil.threads;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.management.DynamicMBean;

/**
 * HotSpot's DiagnosticCommand MBean (what {@code jcmd} runs: {@code threadPrint}, {@code compilerDirectivesAdd}, ...)
 * reached without the platform MBean server. Starting that server registers and introspects every platform MXBean:
 * measured 110-440 ms of CPU on the development VM (under load) and ~10 MB of RSS, and it starts JMX, whose
 * java.util.logging would then be set up before a program that installs its own LogManager. The bean itself comes from
 * HotSpot's own provider of platform beans ({@code com.sun.management.internal.PlatformMBeanProviderImpl}, the one the
 * server would ask), whose packages the agent exports to this module through its Instrumentation: public methods only,
 * nothing opened for deep reflection, no MBean registered anywhere. Found once per JVM and shared by its users (the
 * thread inventory's dumps, the profiler's compiler directive).
 */
public final class DiagnosticCommandBean {
    /** The bean's object name, as the platform MBean server registers it. */
    static final String NAME = "com.sun.management:type=DiagnosticCommand";
    /** Every operation of the bean takes the command's arguments as one String[]. */
    static final String[] SIGNATURE = {String[].class.getName()};

    private static DynamicMBean found;
    private static boolean searched;

    private DiagnosticCommandBean() {
    }

    /** The bean, or empty when {@code inst} is null or this JDK does not offer it so (the platform server still may). */
    public static synchronized Optional<DynamicMBean> direct(Instrumentation inst) {
        if (!searched && inst != null) {
            found = find(inst);
            searched = true;
        }
        return Optional.ofNullable(found);
    }

    /** Runs one diagnostic command, e.g. {@code ("compilerDirectivesAdd", path)}; its text output. */
    public static String run(DynamicMBean bean, String operation, String... arguments) throws Exception {
        return String.valueOf(bean.invoke(operation, new Object[] {arguments}, SIGNATURE));
    }

    private static DynamicMBean find(Instrumentation inst) {
        try {
            Module self = DiagnosticCommandBean.class.getModule();
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
                if (NAME.equals(pattern.invoke(component))) {
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
