package com.numa.speedup;

/**
 * An empty application: run with and without the measurement, the difference of its wall times is the measurement's
 * fixed start-up cost (JFR and the agent start before main), which the serial time of every measured run carries.
 */
final class StartupProbe {
    private StartupProbe() {
    }

    public static void main(String[] args) {
        // nothing: only the JVM's and the measurement's start-up and shutdown
    }
}
