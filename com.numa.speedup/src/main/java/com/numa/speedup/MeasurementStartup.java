package com.numa.speedup;

/**
 * What the measurement itself adds to every measured JVM before the application's work, from an empty main run with
 * and without it ({@link StartupProbe}, medians): {@code wallNs} of wall time, and {@code mainCpuNs} of CPU time on the
 * main thread after the thread clock starts. The second matters: HotSpot starts the {@code -XX:StartFlightRecording}
 * recording on the main thread after the java agents' premain (about 170 ms of CPU on the development VM), so the main
 * thread's CPU time of every measured run holds it and T_seq must not.
 */
record MeasurementStartup(long wallNs, long mainCpuNs) {
    static final MeasurementStartup NONE = new MeasurementStartup(0, 0);
}
