package com.numa.vm;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code numa flags [--markdown]}: every -XX: flag of the registry, as a table or as docs/flags.md's Markdown table. */
@Command(name = "flags", mixinStandardHelpOptions = true,
        description = "List every NUMA -XX: flag with its type, default and description (same as numa vm -XX:+PrintNUMAFlags).")
final class FlagsCommand implements Callable<Integer> {

    @Option(names = "--markdown", description = "Print the Markdown table of docs/flags.md.")
    private boolean markdown;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(markdown ? NumaFlags.set().markdownTable() : NumaFlags.set().describe());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
