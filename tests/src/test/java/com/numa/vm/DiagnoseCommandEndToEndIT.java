package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.sharing.SharingDiagnosis;
import com.numa.vm.NumaCommand.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/numa diagnose} as a user runs it, with the packaged agent: the ranked list, the files, bad input; the
 * default (sampled) diagnosis against {@code --exact} on counters written as users write them.
 */
class DiagnoseCommandEndToEndIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static final String COUNTERS = GT + "CountingThreadsProgram";
    private static Path agentJar;
    private static String testClasses;

    @TempDir
    Path tmp;

    @BeforeAll
    static void locate() {
        agentJar = Path.of(System.getProperty("numa.agent.jar"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        testClasses = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .toString();
    }

    private Result diagnose(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("diagnose"));
        cmd.addAll(List.of(args));
        return NumaCommand.run(tmp, "diagnose", Path.of(System.getProperty("java.home")), Duration.ofSeconds(300),
                cmd.toArray(String[]::new));
    }

    @Test
    void printsTheRankedIssuesAndWritesTheProfile() throws Exception {
        Path dir = tmp.resolve("diagnosis");
        // --exact: the turns' 20,000 writes per thread are too few for one access in 1024
        Result r = diagnose("--top", "3", "--exact", "--out", dir.toString(),
                "-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**",
                "--", "-XX:NUMAProfilerDiagnoseThresholds=false-sharing=0.001,true-sharing=0.001",
                "-cp", Path.of(Class.forName(GT + "AdjacentFieldsProgram").getProtectionDomain().getCodeSource().getLocation()
                        .toURI()).toString(), GT + "AdjacentFieldsProgram");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("numa diagnose: "), r.out());
        assertTrue(r.out().matches("(?s).*\\n  1\\. (false|true)-sharing .*"), r.out());
        assertTrue(r.out().contains("false-sharing") && r.out().contains("AdjacentFieldsProgram$Adjacent"), r.out());
        assertTrue(r.out().contains("fields:   a@") && r.out().contains("advice:   pad the fields apart"), r.out());
        assertFalse(r.out().contains("  4. "), "--top 3:\n" + r.out());
        assertFalse(r.err().contains("numa: NUMAProfiler:"), "the profiler's own summary stays quiet:\n" + r.err());
        assertFalse(r.out().contains("estimates"), "--exact counts every access:\n" + r.out());
        List<String> lines = Files.readAllLines(dir.resolve("issues.csv"));
        assertEquals(String.join(",", SharingDiagnosis.COLUMNS), lines.get(0));
        assertEquals(4, lines.size(), lines.toString()); // Adjacent's false sharing, the two turns' true sharing
        String summary = Files.readString(dir.resolve("summary.json"));
        assertTrue(summary.contains("\"diagnosis\"") && summary.contains("\"NUMAProfilerDiagnose\": \"true\""), summary);
        assertTrue(Files.isRegularFile(dir.resolve("sites.csv")));
    }

    /**
     * A {@code long[4]} field, each of four threads incrementing its own element (false sharing), and one AtomicLong all
     * four increment (true sharing): the default finds the issue --exact finds, with the same kind, site and type and
     * words among --exact's, and says that its counts are estimates. 2,000,000 increments per thread: enough sampled accesses (7,800 at 1 in
     * 1024), and --exact finishes in seconds. Not its rank: the program object every thread reads is a duplication
     * candidate too, and which of the two scores more times its threshold depends on how often two counters ran at
     * once (how busy the machine's cores were), in either mode.
     */
    @Test
    void theDefaultFindsWhatExactFinds() throws Exception {
        for (String mode : List.of("slots", "shared")) {
            Path sampledDir = tmp.resolve("sampled-" + mode);
            Path exactDir = tmp.resolve("exact-" + mode);
            String cp = classesOf(COUNTERS);
            Result sampled = diagnose("--out", sampledDir.toString(), "--", "-cp", cp, COUNTERS, mode, "2000000");
            Result exact = diagnose("--exact", "--out", exactDir.toString(), "--", "-cp", cp, COUNTERS, mode, "2000000");
            assertEquals(0, sampled.exit(), sampled.out() + sampled.err());
            assertEquals(0, exact.exit(), exact.out() + exact.err());
            assertTrue(sampled.out().contains("numa diagnose: sampled 1 in 1024 accesses; counts are estimates"),
                    sampled.out());
            assertFalse(exact.out().contains("estimates"), exact.out());
            String expected = mode.equals("slots") ? "false-sharing" : "true-sharing";
            List<String> found = issueOfKind(sampledDir, expected);
            List<String> full = issueOfKind(exactDir, expected);
            String both = mode + ":\n" + sampled.out() + "\n--exact:\n" + exact.out();
            assertEquals(full.subList(0, 3), found.subList(0, 3), both);
            // a sample may miss the few writes of a thread that seldom ran beside another one (two cores, four
            // counters): the words it names are --exact's, and the false sharing is still between threads
            assertTrue(words(full.get(3)).containsAll(words(found.get(3))), both);
            assertTrue(!mode.equals("slots") || words(found.get(3)).size() >= 2, both);
            assertTrue(found.get(1).contains("CountingThreadsProgram.<init>"), found.toString());
            String evidence = Files.readAllLines(sampledDir.resolve("issues.csv")).get(1);
            assertTrue(evidence.contains("sampled 1 in 1024 accesses; counts are estimates"), evidence);
        }
    }

    private static String classesOf(String className) throws Exception {
        return Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static final Pattern WORD_RANGE = Pattern.compile("\\[(\\d+)\\.\\.(\\d+)]");

    /** The word indexes a fields column names: {@code [0], [2..3]} is 0, 2 and 3; a field name stands for itself. */
    private static Set<String> words(String fields) {
        Set<String> words = new TreeSet<>();
        for (String f : fields.split(", ")) {
            Matcher range = WORD_RANGE.matcher(f);
            if (range.matches()) {
                for (int i = Integer.parseInt(range.group(1)); i <= Integer.parseInt(range.group(2)); i++) {
                    words.add("[" + i + "]");
                }
            } else {
                words.add(f);
            }
        }
        return words;
    }

    /** The kind, site, type and words of the first issue of {@code kind}. */
    private static List<String> issueOfKind(Path dir, String kind) throws Exception {
        var rows = org.apache.commons.csv.CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(Files.newBufferedReader(dir.resolve("issues.csv"))).getRecords();
        var r = rows.stream().filter(i -> i.get("kind").equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " issue in " + dir.resolve("issues.csv")));
        return List.of(r.get("kind"), r.get("site"), r.get("type"), r.get("fields"));
    }

    @Test
    void exactAndASamplingRateAreOneTooMany() throws Exception {
        Result r = diagnose("--exact", "-XX:NUMAProfilerSampling=16", "--", "-cp", classesOf(COUNTERS), COUNTERS);
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--exact follows every access"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void badUsageIsOneLineAndExitTwo() throws Exception {
        String[][] cases = {
            {},
            {"--top", "0", "--", "-cp", ".", "Main"},
            {"--tpo", "3", "--", "-cp", ".", "Main"},
            {"-XX:NUMAProfilerDiagnoseThresholds=sharing=1", "--", "-cp", ".", "Main"},
            {"-XX:NUMATopology=99", "--", "-cp", ".", "Main"},
            {"--", "-XX:NUMAProfilerTop=1"},
        };
        String[] expected = {"no application given", "--top must be at least 1", "unknown option '--tpo'",
            "-XX:NUMAProfilerDiagnoseThresholds", "NUMATopology", "no application given"};
        for (int i = 0; i < cases.length; i++) {
            Result r = diagnose(cases[i]);
            assertEquals(2, r.exit(), String.join(" ", cases[i]) + "\n" + r.err());
            assertTrue(r.err().contains(expected[i]), String.join(" ", cases[i]) + "\n" + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.out().isEmpty(), r.out());
        }
    }

    @Test
    void anApplicationThatDoesNotStartWritesNoDiagnosis() throws Exception {
        Result r = diagnose("--out", tmp.resolve("none").toString(), "--", "-cp", testClasses, "no.such.Main");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("numa: diagnose: no diagnosis was written"), r.err());
        assertFalse(Files.exists(tmp.resolve("none").resolve("issues.csv")));
    }
}
