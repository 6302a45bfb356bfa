package com.numa.core.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.threads.ThreadRoleRules.Kind;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import org.junit.jupiter.api.Test;

class ThreadRoleRulesTest {

    @Test
    void mainWinsThenAgentPrefixThenKind() {
        assertEquals(ThreadRole.MAIN, ThreadRoleRules.classify(true, "main", Kind.APPLICATION_CODE));
        assertEquals(ThreadRole.TOOL, ThreadRoleRules.classify(false, "NUMA-PerfUtil-Sampler", Kind.APPLICATION_CODE));
        assertEquals(ThreadRole.TOOL, ThreadRoleRules.classify(false, "NUMA-Awareness-Thread", Kind.JDK_SERVICE));
        assertEquals(ThreadRole.TOOL, ThreadRoleRules.classify(false, "NUMAProfiler-exit", Kind.APPLICATION_CODE));
        assertEquals("tool", ThreadRole.TOOL.label());
        assertEquals(ThreadRole.TOOL, ThreadRoleRules.classify(false, "JNA Cleaner", Kind.APPLICATION_CODE));
        assertEquals(ThreadRole.APPLICATION, ThreadRoleRules.classify(false, "pool-1-thread-3", Kind.APPLICATION_CODE));
        assertEquals(ThreadRole.JVM_INTERNAL, ThreadRoleRules.classify(false, "GC Thread#0", Kind.NATIVE));
        assertEquals(ThreadRole.JVM_INTERNAL, ThreadRoleRules.classify(false, "C2 CompilerThread0", Kind.HIDDEN));
        assertEquals(ThreadRole.JVM_INTERNAL, ThreadRoleRules.classify(false, "Finalizer", Kind.JDK_SERVICE));
    }

    @Test
    void flightRecordersThreadsAreTheJvmsEvenInTheApplicationsGroup() {
        // JFR's shutdown hook runs in the main thread group; the kernel cuts names to 15 characters
        for (String jfr : new String[] {"JFR Shutdown Hook", "JFR Periodic Tasks", "JFR Shutdown Ho"}) {
            assertEquals(ThreadRole.JVM_INTERNAL, ThreadRoleRules.classify(false, jfr, Kind.APPLICATION_CODE), jfr);
        }
        assertEquals(ThreadRole.APPLICATION, ThreadRoleRules.classify(false, "JFRunner-1", Kind.APPLICATION_CODE));
    }

    @Test
    void javaUtilLoggingsShutdownHookIsTheJvmsEvenInTheApplicationsGroup() {
        // made by whichever thread first used logging, often main; it runs at exit, SIGTERM included
        assertEquals(ThreadRole.JVM_INTERNAL, ThreadRoleRules.classify(false, "Logging-Cleaner", Kind.APPLICATION_CODE));
        assertEquals(ThreadRole.APPLICATION, ThreadRoleRules.classify(false, "Logging-Cleaner-2", Kind.APPLICATION_CODE));
    }

    @Test
    void jitCompilerThreadsAreKnownByTheirDumpAndCommNames() {
        for (String jit : new String[] {"C1 CompilerThread0", "C2 CompilerThread12", "JVMCI CompilerThread0",
                "C2 CompilerThre"}) {
            assertTrue(ThreadRoleRules.isJitCompiler(jit), jit);
        }
        for (String other : new String[] {"GC Thread#0", "VM Thread", "Service Thread", "main", "Compiler", ""}) {
            assertFalse(ThreadRoleRules.isJitCompiler(other), other);
        }
        assertFalse(ThreadRoleRules.isJitCompiler(null));
    }

    @Test
    void threadGroupsDecideTheKindOfVisibleThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        assertEquals(Kind.JDK_SERVICE, ThreadRoleRules.kindOf(new Thread(root, () -> { }, "svc")));
        ThreadGroup child = new ThreadGroup(Thread.currentThread().getThreadGroup(), "app-sub-group");
        assertEquals(Kind.APPLICATION_CODE, ThreadRoleRules.kindOf(new Thread(child, () -> { }, "app")));
        ThreadGroup beside = new ThreadGroup(root, "main-lookalike-under-system");
        assertEquals(Kind.JDK_SERVICE, ThreadRoleRules.kindOf(new Thread(beside, () -> { }, "x")));
        ForkJoinWorkerThread fj = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(new ForkJoinPool(1));
        assertEquals(Kind.APPLICATION_CODE, ThreadRoleRules.kindOf(fj));
    }
}
