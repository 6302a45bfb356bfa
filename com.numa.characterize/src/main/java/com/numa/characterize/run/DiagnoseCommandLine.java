package com.numa.characterize.run;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.child.AgentJar;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code numa diagnose} run that follows a characterization's advice: the same java arguments the study ran, the
 * NUMA flags that shape what the profile saw (the topology the user gave, the benchmark's measured iterations or
 * method window), a sampling rate fit for the program's shared accesses, and an output directory beside the report.
 * As one line a user can paste into a shell from the directory they run {@code bin/numa} in.
 */
public final class DiagnoseCommandLine {
    /** How the documentation and the user start numa-jvm. */
    static final String LAUNCHER = "bin/numa";
    /** Where the diagnoses go, under the characterization's output directory, one directory per application. */
    public static final String DIRECTORY = "diagnosis";

    /** Words a POSIX shell takes as they are; anything else is single-quoted. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private final String topology;
    private final Path agentJar;
    private final Path outDir;

    /**
     * @param topology the {@code -XX:NUMATopology} the characterization was given ("auto" is the default and left out)
     * @param agentJar the agent jar, which the suites' java arguments name
     * @param outDir   the characterization's output directory
     */
    public DiagnoseCommandLine(String topology, Path agentJar, Path outDir) {
        this.topology = topology;
        this.agentJar = agentJar;
        this.outDir = outDir.toAbsolutePath();
    }

    /**
     * The command for {@code b}, sampling one access in {@code sampling} ({@code --exact} at 1).
     */
    public String of(Benchmark b, RunOptions options, int sampling) {
        List<String> words = new ArrayList<>(List.of(LAUNCHER, "diagnose"));
        if (!topology.equals("auto")) {
            words.add("-XX:NUMATopology=" + topology);
        }
        words.addAll(Runner.apiFlags(b));
        words.addAll(Runner.profiledWindow(b));
        words.add(sampling <= 1 ? "--exact" : "-XX:NUMAProfilerSampling=" + sampling);
        words.add("--out");
        words.add(outDir.resolve(DIRECTORY).resolve(Runner.safe(b.name())).toString());
        words.add("--");
        words.addAll(b.javaArguments(options, numaClasses()));
        return shellLine(words);
    }

    /** Where the suites' java arguments find numa-jvm's classes: as the characterization's runs did. */
    private Path numaClasses() {
        try {
            return AgentJar.plainClasses(agentJar);
        } catch (IOException e) {
            return agentJar; // the runs read the same jar a moment ago: this is not expected to happen
        }
    }

    /** The words as one shell line: each plain word as it is, the others single-quoted. */
    static String shellLine(List<String> words) {
        List<String> quoted = new ArrayList<>();
        for (String w : words) {
            quoted.add(PLAIN.matcher(w).matches() ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return String.join(" ", quoted);
    }
}
