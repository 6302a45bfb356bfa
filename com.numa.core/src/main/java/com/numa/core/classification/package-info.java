/**
 * The study's classification, once for every consumer: thread shares ({@link com.numa.core.classification.WorkShares}),
 * Eq. 1 ({@link com.numa.core.classification.Imbalance}), the thresholds and their defaults
 * ({@link com.numa.core.classification.Thresholds}), the categories and the recommendation rules
 * ({@link com.numa.core.classification.Classification}), and the evidence and confidence every verdict carries
 * ({@link com.numa.core.classification.Evidence}). Pure: no I/O, driven by numbers, so {@code numa characterize} and
 * the Awareness Thread say the same thing about the same measurements.
 */
package com.numa.core.classification;
