package com.numa.bench.profiler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a library's published test suite with the JUnit Platform console launcher twice, without and with the profiler
 * agent, and compares the launcher's counts (found, skipped, successful, failed, aborted). Exit code 0 when they match.
 * <pre>
 * java -cp bench/target/benchmarks.jar com.numa.bench.profiler.LibrarySuiteRun
 *      --console junit-platform-console-standalone-1.12.2.jar --class-path &lt;tests dir&gt;:&lt;library and test deps&gt;
 *      --scan &lt;tests dir&gt; --workdir &lt;dir holding src/test/resources if the suite reads files&gt;
 *      [--agent-args "-XX:NUMAProfilerSampling=64"] [--agent-class-path &lt;profiler, perfutil, ASM, JNA&gt;]
 *      [--jvm-arg -Xmx12g]... (commons-codec's Base64Test.testCodec265 needs more than the default heap here)
 * </pre>
 * The agent's classes go on the launcher's class path, ahead of the suite: pass a minimal --agent-class-path when this
 * class path (e.g. benchmarks.jar, which bundles commons-codec and commons-io) holds copies of the library under test.
 * The suite's classes, the launcher's and the JDK's classes loaded later are all instrumented; with
 * -XX:+BytecodeVerificationLocal the JDK's rewritten classes are verified too.
 */
public final class LibrarySuiteRun {
    private LibrarySuiteRun() {
    }

    static final Pattern COUNT = Pattern.compile("\\[\\s*(\\d+) (tests|containers) (found|skipped|started|successful|failed|aborted)\\s*]");

    public static void main(String[] args) throws Exception {
        String console = null;
        String classPath = null;
        String scan = null;
        Path workdir = Path.of(".");
        String agentArgs = "";
        String agentClassPath = System.getProperty("java.class.path");
        List<String> jvmArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--console": console = args[++i]; break;
                case "--class-path": classPath = args[++i]; break;
                case "--scan": scan = args[++i]; break;
                case "--workdir": workdir = Path.of(args[++i]); break;
                case "--agent-args": agentArgs = args[++i]; break;
                case "--agent-class-path": agentClassPath = args[++i]; break;
                case "--jvm-arg": jvmArgs.add(args[++i]); break;
                default: throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (console == null || classPath == null || scan == null) {
            throw new IllegalArgumentException("need --console <launcher jar> --class-path <cp> --scan <dir or jar>");
        }
        Path out = Files.createTempDirectory("numa-suite");
        Path agent = ProfilerOverhead.agentJar(out);
        long t0 = System.nanoTime();
        Map<String, Long> plain = run(console, classPath, scan, workdir, jvmArgs, null, null, out.resolve("plain.txt"));
        long plainNs = System.nanoTime() - t0;
        t0 = System.nanoTime();
        Map<String, Long> profiled = run(console, classPath, scan, workdir, jvmArgs, "-javaagent:" + agent + "="
                + (agentArgs + " -XX:NUMAProfilerOutput=" + out.resolve("profile")).trim(), agentClassPath,
                out.resolve("profiled.txt"));
        long profiledNs = System.nanoTime() - t0;
        if (!Files.exists(out.resolve("profile").resolve("summary.json"))) {
            // The agent reports a failed start and lets the program run unprofiled: equal counts would prove nothing.
            throw new IllegalStateException("the profiler did not run (no summary.json); see " + out.resolve("profiled.txt")
                    + " (is every class the agent needs on --agent-class-path?)");
        }
        System.out.printf("without agent: %s (%.0f s)%nwith profiler: %s (%.0f s)%nlogs and profile in %s%n", plain,
                plainNs / 1e9, profiled, profiledNs / 1e9, out);
        boolean same = plain.equals(profiled) && !plain.isEmpty();
        System.out.println(same ? "SAME RESULTS" : "RESULTS DIFFER");
        System.exit(same ? 0 : 1);
    }

    static Map<String, Long> run(String console, String classPath, String scan, Path workdir, List<String> jvmArgs,
            String agent, String agentClassPath, Path log) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmArgs);
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        if (agent != null) {
            cmd.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal"));
        }
        cmd.add("-cp");
        cmd.add(console + (agent != null ? java.io.File.pathSeparator + agentClassPath : ""));
        if (agent != null) {
            cmd.add(agent);
        }
        cmd.addAll(List.of("org.junit.platform.console.ConsoleLauncher", "execute", "--class-path", classPath,
                "--scan-class-path", scan, "--details=summary", "--disable-banner"));
        Process p = new ProcessBuilder(cmd).directory(workdir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(3, TimeUnit.HOURS)) {
            p.destroyForcibly();
            throw new IllegalStateException("suite timed out: " + cmd);
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        Matcher m = COUNT.matcher(Files.readString(log));
        while (m.find()) {
            counts.put(m.group(2) + " " + m.group(3), Long.parseLong(m.group(1)));
        }
        if (counts.isEmpty()) {
            throw new IllegalStateException("the JUnit console launcher printed no test counts (exit " + p.exitValue()
                    + "); its output is in " + log);
        }
        return counts;
    }
}
