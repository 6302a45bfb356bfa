/**
 * DaCapo and Renaissance as suites of {@code numa characterize}: the user passes the jar they downloaded (neither is on
 * Maven Central), and each benchmark runs in a child JVM under the harness's own main, with our adapter marking every
 * iteration through {@link com.numa.core.window.MeasurementWindow}.
 *
 * <p>Public surface: {@link com.numa.characterize.harness.DacapoSuite} and
 * {@link com.numa.characterize.harness.RenaissanceSuite} (host side: they validate the jar, list its benchmarks and
 * build the command lines), and the two adapters the harnesses load in the child JVM,
 * {@link com.numa.characterize.harness.NumaDacapoCallback} and
 * {@link com.numa.characterize.harness.NumaRenaissancePlugin}. The adapters compile against our stubs of the harness
 * APIs (module {@code com.numa.characterize.stubs}, provided scope), so the host side never loads them: the suites
 * name them by string.
 *
 * <p>Warm-ups: iteration {@code i} (from 1) is a warm-up when {@code i <= W}, {@code W} from
 * {@code -Dnuma.warmup=W}; the harness runs {@code W + I} iterations, so {@code I} iterations are measured although
 * DaCapo itself times only its last one.
 */
package com.numa.characterize.harness;
