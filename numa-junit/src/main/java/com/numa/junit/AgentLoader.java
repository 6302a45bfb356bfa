package com.numa.junit;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes sure the NUMAProfiler runs in this test JVM: it does when the agent came with the JVM (Surefire's argLine);
 * otherwise, when {@value #AGENT_PROPERTY} names the agent jar, the jar is attached to this JVM, in process where the
 * JVM allows it ({@code -Djdk.attach.allowAttachSelf=true}), else by {@code numa attach <pid>} from a child JVM. The
 * profiler's classes are only looked up by name until they are known to be there: a failed link would be final.
 */
final class AgentLoader {
    /** The flags the extension attaches the agent with by default. */
    static final String DEFAULT_FLAGS = "NUMAProfiler,NUMAProfilerOnDemand,NUMAProfilerDiagnose,NUMAProfilerQuiet";
    /** System property naming the agent jar for self-attach. */
    static final String AGENT_PROPERTY = "numa.agent";
    static final String SPAN_CLASS = "com.numa.profiler.ProfileSpan";
    private static final long ATTACH_TIMEOUT_S = 120;

    /** The answer once known: null when the profiler runs, else why not. */
    private static String problem;
    private static boolean decided;

    private AgentLoader() {
    }

    /**
     * Null when the profiler runs (attaching the agent first if it must and can), else why not and how to fix it.
     * {@code testPackage}: the first profiled test's package, whose classes, loaded before an attach, are retransformed
     * so that what the tests allocate has its site.
     */
    static synchronized String ensureProfiler(String flags, String testPackage) {
        if (!decided) {
            problem = decide(withRetransform(flags, testPackage), System.getProperty(AGENT_PROPERTY));
            decided = true;
        }
        return problem;
    }

    /** {@code flags} with the test package's loaded classes retransformed, unless they name what to retransform. */
    static String withRetransform(String flags, String testPackage) {
        if (flags.contains("NUMAProfilerRetransform") || testPackage.isEmpty()) {
            return flags;
        }
        return flags + ",NUMAProfilerRetransform=" + testPackage + ".**";
    }

    /** Whether the profiler runs now, without trying to start it. */
    static boolean profilerRunning() {
        try {
            Class<?> span = Class.forName(SPAN_CLASS, true, AgentLoader.class.getClassLoader());
            return (Boolean) span.getMethod("profilerRunning").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return false;
        }
    }

    static boolean agentVisible() {
        try {
            Class.forName(SPAN_CLASS, false, AgentLoader.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    static String decide(String flags, String agentJar) {
        if (profilerRunning()) {
            return null;
        }
        if (agentVisible()) {
            return "the numa agent runs in this test JVM but its NUMAProfiler is off: add NUMAProfiler to the agent's "
                    + "flags, e.g. -javaagent:/path/numa-agent.jar=" + DEFAULT_FLAGS;
        }
        if (agentJar == null || agentJar.isBlank()) {
            return "the numa agent is not loaded in this test JVM: add it to Surefire's argLine, "
                    + "<argLine>-javaagent:/path/numa-agent.jar=" + DEFAULT_FLAGS + "</argLine>, or name the jar with "
                    + "-D" + AGENT_PROPERTY + "=/path/numa-agent.jar so the extension attaches it (docs/numa-junit.md)";
        }
        Path jar = Path.of(agentJar).toAbsolutePath();
        if (!Files.isReadable(jar)) {
            return "-D" + AGENT_PROPERTY + "=" + agentJar + " names no readable file: give the path of numa-agent.jar "
                    + "(built in com.numa.vm/target, or the release's lib directory)";
        }
        String failed = Boolean.getBoolean("jdk.attach.allowAttachSelf") ? attachInProcess(jar, flags)
                : attachFromChild(jar, flags);
        if (failed != null) {
            return "cannot attach the numa agent " + jar + " to this test JVM: " + failed + "; load it with Surefire's "
                    + "argLine instead: -javaagent:" + jar + "=" + DEFAULT_FLAGS;
        }
        if (!profilerRunning()) {
            return "the numa agent " + jar + " was attached but its NUMAProfiler did not start (flags " + flags
                    + "; its messages are on this JVM's stderr): add NUMAProfiler to @NumaProfiled(agentFlags)";
        }
        return null;
    }

    private static String attachInProcess(Path jar, String flags) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
            try {
                vm.loadAgent(jar.toString(), flags);
            } finally {
                vm.detach();
            }
            return null;
        } catch (Exception | LinkageError e) {
            return e.toString();
        }
    }

    /** {@code numa attach}: a JVM may not attach to itself without -Djdk.attach.allowAttachSelf=true. */
    private static String attachFromChild(Path jar, String flags) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-jar", jar.toString(), "attach",
                Long.toString(ProcessHandle.current().pid()), flags);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(ATTACH_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "numa attach did not finish within " + ATTACH_TIMEOUT_S + " s";
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.exitValue() == 0 ? null : "numa attach exited " + p.exitValue() + ": " + out;
        } catch (IOException e) {
            return "cannot run " + java + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while attaching";
        }
    }
}
