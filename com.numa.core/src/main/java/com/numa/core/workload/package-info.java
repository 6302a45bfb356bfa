/**
 * The synthetic-workload contract every program of numa-jvm's own runs through: {@link com.numa.core.workload.Workload}
 * (set up, then iterations that each return the same checksum), its command line
 * ({@link com.numa.core.workload.WorkloadArguments}, {@link com.numa.core.workload.WorkloadSize}) and the harness that
 * marks each iteration for the measurement window ({@link com.numa.core.workload.IterationHarness}). numa
 * characterize's built-in workloads, the drivers of the real applications (modules {@code apps} and {@code spark}) and
 * bench's overhead workloads implement it; the drivers find these classes in the agent jar at run time.
 */
package com.numa.core.workload;
