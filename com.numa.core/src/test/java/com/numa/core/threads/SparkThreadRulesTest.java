package com.numa.core.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spark's thread rules on the names Spark 4.0.1 gives its threads (listed from a local-mode job's driver and a
 * standalone executor): task threads under every name they carry, service threads, PySpark's py4j driver thread.
 */
class SparkThreadRulesTest {
    /** Thread names seen in a Spark 4.0.1 driver and executor, all Spark's services. */
    static final List<String> SPARK_SERVICES = List.of("RemoteBlock-temp-file-clean-thread", "Spark Context Cleaner",
            "context-cleaner-periodic-gc", "dag-scheduler-event-loop", "dispatcher-BlockManagerEndpoint1",
            "dispatcher-BlockManagerMaster", "dispatcher-HeartbeatReceiver", "dispatcher-event-loop-0",
            "dispatcher-event-loop-1", "driver-heartbeater", "element-tracking-store-worker", "executor-heartbeater",
            "executor-kill-mark-cleanup", "heartbeat-receiver-event-loop-thread", "map-output-dispatcher-7",
            "netty-rpc-env-timeout", "rpc-boss-3-1", "shuffle-boss-6-1", "rpc-client-3-1", "rpc-server-4-2",
            "shuffle-client-6-1", "spark-listener-group-appStatus", "spark-listener-group-executorManagement",
            "spark-listener-group-shared", "task-result-getter-3");

    @Test
    void taskThreadsBelongToTheTaskPoolUnderEveryName() {
        for (String name : List.of("Executor task launch worker-0", "Executor task launch worker for task 0.0 in stage 0.0 (TID 0)",
                "Executor task launch worker for task 3.0 in stage 15.0 (TID 12)")) {
            assertTrue(ThreadRoleRules.isFrameworkTask(name), name);
            assertFalse(ThreadRoleRules.isFrameworkService(name), name);
            assertEquals(ThreadRoleRules.SPARK_TASK_POOL, ThreadRoleRules.poolOf(name), name);
        }
    }

    @Test
    void sparkServiceThreadsAreServicesAndOtherNamesAreNot() {
        for (String name : SPARK_SERVICES) {
            assertTrue(ThreadRoleRules.isFrameworkService(name), name);
            assertFalse(ThreadRoleRules.isFrameworkTask(name), name);
        }
        for (String name : List.of("main", "pool-2-thread-1", "worker-1", "ForkJoinPool.commonPool-worker-3", "Thread-4",
                "process reaper")) {
            assertFalse(ThreadRoleRules.isFrameworkService(name), name);
            assertFalse(ThreadRoleRules.isFrameworkTask(name), name);
        }
    }

    @Test
    void thePy4jConnectionThreadIsPySparksDriver() {
        StackTraceElement[] py4j = {
            new StackTraceElement("org.apache.spark.sql.Dataset", "collect", "Dataset.scala", 3000),
            new StackTraceElement("py4j.ClientServerConnection", "run", "ClientServerConnection.java", 106),
            new StackTraceElement("java.lang.Thread", "run", "Thread.java", 840)};
        assertTrue(ThreadRoleRules.isPy4jDriver("Thread-4", py4j));
        StackTraceElement[] gateway = {
            new StackTraceElement("py4j.GatewayConnection", "run", "GatewayConnection.java", 238),
            new StackTraceElement("java.lang.Thread", "runWith", "Thread.java", 1596),
            new StackTraceElement("java.lang.Thread", "run", "Thread.java", 1583)};
        assertTrue(ThreadRoleRules.isPy4jDriver("Thread-3", gateway), "JDK 21+ has runWith below the runnable");
        assertFalse(ThreadRoleRules.isPy4jDriver("py4j-server", py4j), "only py4j's unnamed connection threads");
        StackTraceElement[] own = {new StackTraceElement("com.example.Loader", "run", "Loader.java", 1),
            new StackTraceElement("java.lang.Thread", "run", "Thread.java", 840)};
        assertFalse(ThreadRoleRules.isPy4jDriver("Thread-4", own));
        assertFalse(ThreadRoleRules.isPy4jDriver("Thread-4", new StackTraceElement[0]));
    }

    @Test
    void aLiveThreadIsReadThroughItsStack() throws InterruptedException {
        Thread t = new Thread(() -> { });
        t.start();
        t.join();
        assertFalse(ThreadRoleRules.isPy4jDriver(t), "an ended thread has no stack");
        assertFalse(ThreadRoleRules.isPy4jDriver(Thread.currentThread()));
    }
}
