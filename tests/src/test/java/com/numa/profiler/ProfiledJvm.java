package com.numa.profiler;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Runs a program in a child JVM under the stand-alone profiler agent. The agent jar is only a manifest (Premain-Class
 * com.numa.profiler.ProfilerAgentMain, Can-Retransform-Classes); the profiler, PerfUtil, ASM and JNA come from this
 * test JVM's class path, passed with -cp. Results are read back from the output directory.
 */
final class ProfiledJvm {
    record Result(int exitCode, String stdout, String stderr, Path output) {
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

        String diagnostics() {
            return "exit " + exitCode + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    static Path outputRoot() throws IOException {
        Path root = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("profiler");
        Files.createDirectories(root);
        return root;
    }

    static synchronized Path agentJar() throws IOException {
        Path jar = outputRoot().resolve("profiler-test-agent.jar");
        if (!Files.exists(jar)) {
            Manifest mf = new Manifest();
            Attributes a = mf.getMainAttributes();
            a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
            a.putValue("Premain-Class", "com.numa.profiler.ProfilerAgentMain");
            a.putValue("Can-Retransform-Classes", "true");
            Path tmp = Files.createTempFile(outputRoot(), "agent", ".jar");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(tmp), mf)) {
                out.flush();
            }
            Files.move(tmp, jar, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        return jar;
    }

    static List<String> javaCommand(String java) {
        List<String> cmd = new ArrayList<>(List.of(java));
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        return cmd;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs {@code mainClass} under the agent with the given -XX flags; jvmArgs go before -javaagent. */
    static Result run(String name, List<String> jvmArgs, List<String> flags, String mainClass, String... args)
            throws IOException, InterruptedException {
        Path out = outputRoot().resolve(name);
        deleteTree(out);
        List<String> all = new ArrayList<>(flags);
        all.add("-XX:NUMAProfilerOutput=" + out);
        List<String> cmd = javaCommand(java());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("-javaagent:" + agentJar() + "=" + String.join(" ", all));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return exec(cmd, out);
    }

    static Result exec(List<String> cmd, Path out) throws IOException, InterruptedException {
        Path log = Files.createTempFile(outputRoot(), "child", ".out");
        Path err = Files.createTempFile(outputRoot(), "child", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child JVM timed out: " + cmd);
        }
        Result r = new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), out);
        Files.deleteIfExists(log);
        Files.deleteIfExists(err);
        return r;
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
