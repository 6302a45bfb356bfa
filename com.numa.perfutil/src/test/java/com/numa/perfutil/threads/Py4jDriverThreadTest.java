package com.numa.perfutil.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import org.junit.jupiter.api.Test;
import py4j.ClientServerConnection;

/** PySpark's driver work runs on py4j's "Thread-N" while main waits: the inventory counts that thread as main. */
class Py4jDriverThreadTest {

    @Test
    void py4jConnectionThreadStandsForMainAndAPlainThreadNDoesNot() throws Exception {
        ClientServerConnection connection = new ClientServerConnection();
        Thread py4j = new Thread(connection);
        ClientServerConnection other = new ClientServerConnection();
        Thread plain = new Thread(() -> other.run()); // a lambda of the test is the runnable: not py4j's
        py4j.start();
        plain.start();
        try {
            int py4jTid = connection.awaitTid();
            int plainTid = other.awaitTid();
            ThreadInventory inventory = new ThreadInventory();
            inventory.liveThreads();
            ThreadIdentity driver = inventory.identify(py4jTid);
            assertNotNull(driver);
            assertEquals(py4j.getName(), driver.name());
            assertEquals(ThreadRole.MAIN, driver.role());
            assertEquals(ThreadRole.APPLICATION, inventory.identify(plainTid).role());
        } finally {
            connection.release();
            other.release();
            py4j.join();
            plain.join();
        }
    }
}
