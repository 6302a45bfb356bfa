/**
 * The sharing diagnosis behind {@code -XX:+NUMAProfilerDiagnose} and {@code numa diagnose}: objects written by more
 * than one thread are followed word by word ({@link com.numa.profiler.sharing.SharingTracker}), laid out as HotSpot
 * lays them out (JOL, {@code WordLayouts}), and ranked into true sharing, false sharing and contention issues
 * ({@link com.numa.profiler.sharing.SharingDiagnosis}, written to {@code issues.csv}).
 */
package com.numa.profiler.sharing;
