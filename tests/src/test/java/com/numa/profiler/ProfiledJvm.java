package com.numa.profiler;

import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Runs a program in a child JVM under the numa agent with the profiler on, through the one child-JVM launcher. The
 * agent jar is only a manifest ({@link AgentJar#manifestOnly}); the agent, the profiler, PerfUtil, ASM and JNA come
 * from this test JVM's class path, passed with -cp. Results are read back from the output directory.
 */
public final class ProfiledJvm {
    public record Result(int exitCode, String stdout, String stderr, Path output) {
        String file(String name) throws IOException {
            return Files.readString(output.resolve(name));
        }

        /** A number from summary.json by key (first occurrence). */
        double summary(String key) throws IOException {
            Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\": (-?[0-9.]+)").matcher(file("summary.json"));
            if (!m.find()) {
                throw new AssertionError("no " + key + " in summary.json:\n" + file("summary.json"));
            }
            return Double.parseDouble(m.group(1));
        }

        /** CSV rows as maps column → value. */
        List<Map<String, String>> csv(String name) throws IOException {
            try (Reader in = Files.newBufferedReader(output.resolve(name));
                    CSVParser parser = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
                List<Map<String, String>> rows = new ArrayList<>();
                for (CSVRecord record : parser) {
                    rows.add(record.toMap());
                }
                return rows;
            }
        }

        Map<String, String> row(String csvName, String column, String value) throws IOException {
            for (Map<String, String> r : csv(csvName)) {
                if (value.equals(r.get(column))) {
                    return r;
                }
            }
            throw new AssertionError("no row with " + column + "=" + value + " in " + csvName + ":\n" + file(csvName));
        }

        public String diagnostics() {
            return "exit " + exitCode + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    static Path outputRoot() throws IOException {
        Path root = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("profiler");
        Files.createDirectories(root);
        return root;
    }

    /** Runs {@code mainClass} under the agent with -XX:+NUMAProfiler and the given flags; jvmArgs go to java. */
    public static Result run(String name, List<String> jvmArgs, List<String> flags, String mainClass, String... args)
            throws IOException {
        return run(name, jvmArgs, flags, Duration.ofSeconds(300), mainClass, args);
    }

    /** As above, failing when the child has not finished within {@code limit}. */
    static Result run(String name, List<String> jvmArgs, List<String> flags, Duration limit, String mainClass,
            String... args) throws IOException {
        return runWithClassPath(name, jvmArgs, flags, limit, System.getProperty("java.class.path"), mainClass, args);
    }

    /** As above, with the child's class path. */
    static Result runWithClassPath(String name, List<String> jvmArgs, List<String> flags, Duration limit, String classPath,
            String mainClass, String... args) throws IOException {
        Path out = outputRoot().resolve(name);
        ChildRun r = profiled(out, jvmArgs, flags, classPath).main(mainClass, List.of(args)).timeout(limit).run();
        if (r.timedOut()) {
            throw new AssertionError("child JVM timed out after " + limit + ":\n" + r.diagnostics());
        }
        return new Result(r.exitCode(), r.stdout(), r.stderr(), out);
    }

    /** The same program without the agent (the reference a profiled run must match). */
    static ChildRun runWithoutAgent(Duration limit, String mainClass, String... args) throws IOException {
        ChildRun r = ChildJvm.current().classPath(System.getProperty("java.class.path")).main(mainClass, List.of(args))
                .timeout(limit).run();
        if (r.timedOut()) {
            throw new AssertionError("child JVM without agent timed out after " + limit + ":\n" + r.diagnostics());
        }
        return r;
    }

    /**
     * Starts {@code mainClass} under the profiler and returns at once, for tests that signal the child; stdout and
     * stderr go to files next to the output directory.
     */
    static Process start(String name, List<String> flags, String mainClass) throws IOException {
        Path out = outputRoot().resolve(name);
        List<String> cmd = profiled(out, List.of(), flags).main(mainClass, List.of()).command();
        return new ProcessBuilder(cmd).redirectOutput(outputRoot().resolve(name + ".out").toFile())
                .redirectError(outputRoot().resolve(name + ".err").toFile()).start();
    }

    private static ChildJvm profiled(Path out, List<String> jvmArgs, List<String> flags) throws IOException {
        return profiled(out, jvmArgs, flags, System.getProperty("java.class.path"));
    }

    private static ChildJvm profiled(Path out, List<String> jvmArgs, List<String> flags, String classPath)
            throws IOException {
        deleteTree(out);
        List<String> all = new ArrayList<>(List.of("-XX:+NUMAProfiler"));
        all.addAll(flags);
        all.add("-XX:NUMAProfilerOutput=" + out);
        return ChildJvm.current().options(jvmArgs).classPath(classPath).agent(AgentJar.manifestOnly(outputRoot()), all);
    }

    static void deleteTree(Path p) throws IOException {
        if (Files.exists(p)) {
            try (var s = Files.walk(p)) {
                for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        }
    }
}
