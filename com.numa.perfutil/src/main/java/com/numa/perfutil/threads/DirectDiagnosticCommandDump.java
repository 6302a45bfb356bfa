package com.numa.perfutil.threads;

import java.lang.instrument.Instrumentation;
import javax.management.DynamicMBean;

/**
 * The same DiagnosticCommand MBean as {@link DiagnosticCommandDump}, reached without the platform MBean server
 * ({@link DiagnosticCommandBean}). Measured 25-75 ms for the first dump, against 110-440 ms of CPU and ~10 MB for
 * starting the server. Resolved at the first dump, not when the inventory is made (the agent makes it before the
 * application starts); where this JDK does not offer the bean so, every dump goes through the platform server as before.
 */
final class DirectDiagnosticCommandDump implements ThreadDumpSource {
    private final Instrumentation inst;
    private DynamicMBean bean;
    private ThreadDumpSource fallback;

    DirectDiagnosticCommandDump(Instrumentation inst) {
        this.inst = inst;
    }

    @Override
    public synchronized String threadPrint() throws Exception {
        if (bean == null && fallback == null) {
            bean = DiagnosticCommandBean.direct(inst).orElse(null);
            if (bean == null) {
                fallback = new DiagnosticCommandDump();
            }
        }
        return bean != null ? DiagnosticCommandBean.run(bean, "threadPrint") : fallback.threadPrint();
    }
}
