package com.numa.opt;

import java.lang.management.ManagementFactory;

/**
 * CPUs the whole JVM kept busy since the last call: process CPU time (application, JIT compiler and GC threads alike)
 * over wall time. Confining pins the JIT and GC threads with the program, so on nodes of few CPUs this is what has to
 * fit there; the {@link Decider} judges it over the last hold, not one interval (a JIT burst is not a demand). NaN
 * when the JVM cannot tell.
 */
final class ProcessCpu {
    private final com.sun.management.OperatingSystemMXBean os;
    private long lastCpuNs = -1;

    ProcessCpu() {
        os = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean o ? o
                : null;
        busyCpus(0);
    }

    double busyCpus(long wallNs) {
        long cpu = os == null ? -1 : os.getProcessCpuTime();
        double busy = cpu >= 0 && lastCpuNs >= 0 && wallNs > 0 ? (double) (cpu - lastCpuNs) / wallNs : Double.NaN;
        lastCpuNs = cpu;
        return busy;
    }
}
