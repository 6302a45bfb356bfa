package com.numa.perfutil.threads;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The in-process thread dump of HotSpot's DiagnosticCommand MBean (the same text as {@code jcmd PID Thread.print}).
 * It is the only in-process source that pairs a Java thread with its kernel tid ({@code nid=}); HotSpot has no public
 * tid API.
 */
final class DiagnosticCommandDump implements ThreadDumpSource {
    private MBeanServer server;
    private ObjectName name;

    @Override
    public synchronized String threadPrint() throws Exception {
        if (server == null) {
            server = ManagementFactory.getPlatformMBeanServer();
            name = new ObjectName(DiagnosticCommandBean.NAME);
            if (!server.isRegistered(name)) {
                server = null;
                throw new IllegalStateException(DiagnosticCommandBean.NAME + " is not registered (not a HotSpot JVM?)");
            }
        }
        Object out = server.invoke(name, "threadPrint", new Object[] {new String[0]},
                DiagnosticCommandBean.SIGNATURE);
        return (String) out;
    }
}
