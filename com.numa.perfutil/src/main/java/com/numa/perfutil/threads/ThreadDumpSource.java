package com.numa.perfutil.threads;

/**
 * Where ThreadInventory gets a HotSpot thread dump from. The real source is {@link DiagnosticCommandDump}; tests script
 * one to drive the fallback and caching paths.
 */
interface ThreadDumpSource {

    /** The text of a {@code Thread.print}-style dump; throws when the JVM cannot produce one. */
    String threadPrint() throws Exception;
}
