/**
 * The validation corpus of {@code numa characterize --suite validation}: small main programs written the way users write
 * them, using only the JDK (synchronized and concurrent collections, atomics, locks over primitive fields, short-lived
 * threads and pools that turn over, executors, parallel streams, CompletableFuture, fork/join, virtual threads,
 * producer/consumer queues, read-mostly caches, thread-confined work, a single-threaded program). Each takes its
 * thread count and size as positional arguments with defaults and prints one result line. Their ground truth, the set
 * of categories the study may answer for each and why, lives in one place: the suite's registry
 * ({@code com.numa.characterize.validation.ValidationPrograms}); docs/validation.md explains every program.
 */
package com.numa.validation;
