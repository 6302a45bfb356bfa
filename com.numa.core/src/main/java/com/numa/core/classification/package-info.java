/**
 * The study's classification, once for every consumer: thread shares ({@link com.numa.core.classification.WorkShares}),
 * Eq. 1 ({@link com.numa.core.classification.Imbalance}), the thresholds and their defaults
 * ({@link com.numa.core.classification.Thresholds}), the categories and the recommendation rules
 * ({@link com.numa.core.classification.Classification}), the evidence and confidence every verdict carries
 * ({@link com.numa.core.classification.Evidence}), and what a program with data dependencies can change
 * ({@link com.numa.core.classification.SharingAdvice}, over the profile's
 * {@link com.numa.core.classification.SharedObject}s; {@link com.numa.core.classification.SynchronizerTypes} names the
 * JDK's lock and wait machinery for it and for the profiler). Pure: no I/O, driven by numbers, so {@code numa characterize} and
 * the Awareness Thread say the same thing about the same measurements. {@link com.numa.core.classification.ThreadWork}
 * is one thread's measured counts as numa characterize and numa-junit feed them to the shares.
 */
package com.numa.core.classification;
