package com.numa.core.child;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The java option that loads the agent into a child JVM. HotSpot turns {@code -javaagent:JAR=ARGS} into the JVMTI
 * library {@code instrument} given {@code JAR=ARGS}, and also sets {@code jdk.module.addmods=java.instrument}; that
 * property switches off CDS's archived module graph ("optimized module handling: disabled due to incompatible
 * property"), which costs every start about 20 ms on JDK 17 and 9 ms on JDK 25 (an empty agent: 43 ms against 21 ms
 * for {@code Hello}, 19 ms without an agent). So the agent is loaded as {@code -agentlib:instrument=JAR=ARGS}, the same
 * agent by the same JVMTI library, whenever {@code java.instrument} is resolved without the property: it is a default
 * root module when the main class comes from the class path or {@code -jar}. A main module ({@code -m}), a module
 * limit, or options we cannot read ({@code @argfiles}) keep {@code -javaagent:}: without {@code java.instrument} in the
 * boot layer the short form aborts the JVM.
 */
public final class AgentOption {

    /** Environment variables whose options the java launcher or the VM read in addition to the command line. */
    private static final List<String> OPTION_VARIABLES = List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS");

    private AgentOption() {
    }

    /**
     * The option loading {@code jar} with {@code args} (empty: none) into a JVM started with these options, launch
     * target and environment.
     */
    public static String of(Path jar, String args, List<String> options, List<String> launch,
            Map<String, String> environment) {
        String spec = jar + (args.isEmpty() ? "" : "=" + args);
        return classPathLaunch(options, launch, environment) ? "-agentlib:instrument=" + spec : "-javaagent:" + spec;
    }

    /**
     * True when the main class comes from the class path or a jar and nothing limits the boot layer's modules, so
     * that {@code java.instrument} is resolved as a default root module.
     */
    static boolean classPathLaunch(List<String> options, List<String> launch, Map<String, String> environment) {
        for (String a : options) {
            if (mainModule(a) || a.startsWith("@") || limitsModules(a)) {
                return false;
            }
        }
        if (!launch.isEmpty() && mainModule(launch.get(0))) {
            return false; // only the target: what follows it are the application's own arguments
        }
        for (String name : OPTION_VARIABLES) {
            String value = environment.get(name);
            if (value != null && limitsModules(value)) {
                return false;
            }
        }
        return true;
    }

    private static boolean mainModule(String arg) {
        return arg.equals("-m") || arg.equals("--module") || arg.startsWith("--module=");
    }

    /** {@code --limit-modules} and the property the launcher turns it into. */
    private static boolean limitsModules(String text) {
        return text.contains("--limit-modules") || text.contains("jdk.module.limitmods");
    }
}
