package com.numa.diagnose;

import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code numa diagnose} borrows from the front door ({@code com.numa.vm}), which depends on this module: reading
 * a java command line as {@code numa vm} does, the registry's flag set, and the launch checks.
 */
public interface LaunchSupport {
    /** The NUMA {@code -XX:} flags among the java options, and everything else in order: {numa flags, java args}. */
    List<List<String>> split(List<String> javaArguments);

    /** Parses NUMA flags through the registry's one declaration. */
    FlagValues parse(List<String> numaFlags) throws FlagException;

    /** Prints the launch checks' warnings and errors; the agent jar to load, or null when the launch must stop. */
    Path agentJarIfReady(FlagValues flags, PrintWriter err);
}
