package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.sourceforge.pmd.cli.commands.internal.PmdRootCommand;
import picocli.CommandLine;

/**
 * pmd: PMD's own command line, {@code pmd check -t N -R rulesets/java/quickstart.xml}, over generated Java sources with
 * known rule violations, as DaCapo's pmd runs PMD over a source tree. {@code PmdCli.main} ends in System.exit, so we
 * run the same picocli command it builds ({@link PmdRootCommand}) and keep the exit code: 4, "violations found".
 * The checksum hashes the sorted report lines (paths made relative), which the thread count does not change.
 */
public final class PmdDriver implements Workload {
    static final String NAME = "pmd";
    /** PMD's exit code when it found violations (the expected outcome on our sources). */
    static final int VIOLATIONS_FOUND = 4;
    private static final int FILES = 10;

    private final Scratch scratch = new Scratch(NAME);
    private final Path sources;
    private final int threads;

    PmdDriver(WorkloadArguments arguments) {
        threads = arguments.threads();
        sources = scratch.fresh("src");
        JavaSources generator = new JavaSources(7);
        try {
            for (int i = 0; i < FILES * arguments.size().scale(); i++) {
                String name = String.format("Generated%04d", i);
                Files.writeString(sources.resolve(name + ".java"), generator.compilationUnit(name), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, PmdDriver::new);
    }

    @Override
    public long iteration() {
        Path report = scratch.dir().resolve("report.txt");
        int exit = new CommandLine(new PmdRootCommand()).setCaseInsensitiveEnumValuesAllowed(true).execute(
                "check", "--no-cache", "--no-progress", "-t", Integer.toString(threads), "-d", sources.toString(),
                "-R", "rulesets/java/quickstart.xml", "-f", "text", "-r", report.toString());
        if (exit != VIOLATIONS_FOUND) {
            throw new IllegalStateException("pmd exited " + exit + ", expected " + VIOLATIONS_FOUND + " (violations found)");
        }
        try {
            List<String> lines = Files.readAllLines(report, StandardCharsets.UTF_8).stream()
                    .map(l -> l.replace(sources.toString(), "")).sorted().toList();
            return lines.size() * 1_000_003L + lines.hashCode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        scratch.close();
    }
}
