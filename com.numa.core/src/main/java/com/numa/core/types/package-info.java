/**
 * Java types as a person reads them: {@link com.numa.core.types.TypeNames} is the one place that turns the JVM's
 * spellings ({@code [J}, {@code [Ljava.lang.String;}, {@code java/util/HashMap}) into Java's ({@code long[]},
 * {@code java.lang.String[]}, {@code java.util.HashMap}), for every table, message and report the tools write.
 */
package com.numa.core.types;
