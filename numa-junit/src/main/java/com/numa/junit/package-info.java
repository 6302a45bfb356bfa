/**
 * numa-junit: NUMA and sharing properties as JUnit 5 tests. {@link com.numa.junit.NumaProfiled} profiles test methods
 * with the numa agent's NUMAProfiler, a test takes its {@link com.numa.junit.NumaProfile} as a parameter and asserts on
 * it (no false sharing, shared writes below a bound, objects private to a thread, the study's categories), and
 * {@link com.numa.junit.ProfileSummaryListener} writes one profile summary per test class when a whole suite runs under
 * the agent. See docs/numa-junit.md.
 */
package com.numa.junit;
