package com.numa.characterize.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.MergeCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * numa merge on files whose content is known: JVMs grouped by the identity their rows carry, a file without its
 * marker or with another JVM's marker reported incomplete, a JVM that ran apart from the others left out as another
 * run's, a decision log's .partial file reported, and bad usage answered with exit 2.
 */
class MergeTest {
    private static final String HEADER = "scope,timestamp_ns,tid,thread,previous_names,role,ended,cpu,node,event,raw,"
            + "enabled_ns,running_ns,scaled,coverage_pct,counted_from_ns,cpu_before_counting_ns,life_counted_pct,"
            + "epoch_ns,host,pid,jvm_start_epoch_ms,label\n";
    private static final long T0 = 1_795_000_000_000L;

    @TempDir
    Path dir;

    /** A PerfUtil CSV of one JVM: main and two workers, task-clock in ms as given. */
    private Path perf(String name, long pid, long startMs, String label, long mainMs, long w1Ms, long w2Ms) throws Exception {
        StringBuilder sb = new StringBuilder(HEADER);
        long[][] threads = {{pid, mainMs}, {pid + 1, w1Ms}, {pid + 2, w2Ms}};
        String[] names = {"main", "worker-1", "worker-2"};
        for (int i = 0; i < 3; i++) {
            long ns = threads[i][1] * 1_000_000;
            sb.append(String.format("thread,5,%d,%s,,%s,false,,,task-clock,%d,%d,%d,%d.0,100.00,,,,%d,host-a,%d,%d,%s%n",
                    threads[i][0], names[i], i == 0 ? "main" : "application", ns, ns, ns, ns,
                    (startMs + 5_000) * 1_000_000, pid, startMs, label));
        }
        return Files.writeString(dir.resolve(name), sb.toString());
    }

    private static void marker(Path file, long pid, long startMs, String label) throws Exception {
        Files.writeString(file.resolveSibling(file.getFileName() + ".complete"), "{\"complete\": true, \"feature\": "
                + "\"PerfUtil\", \"completed_epoch_ms\": " + (startMs + 6_000) + ", \"jvm\": {\"host\": \"host-a\", \"pid\": "
                + pid + ", \"start_epoch_ms\": " + startMs + ", \"command\": \"app.Main\", \"label\": \"" + label + "\"}}");
    }

    @Test
    void groupsJvmsReportsIncompleteFilesAndLeavesOutOtherRuns() throws Exception {
        Path a = perf("perf-100.csv", 100, T0, "exec-1", 100, 400, 400);
        marker(a, 100, T0, "exec-1");
        Path b = perf("perf-200.csv", 200, T0 + 1_000, "exec-2", 100, 300, 100);
        Path c = perf("perf-300.csv", 300, T0 + 2_000, "exec-3", 10, 10, 10);
        marker(c, 999, T0, ""); // another JVM's marker at the same path
        Path old = perf("perf-400.csv", 400, T0 - 86_400_000, "yesterday", 10, 10, 10);
        marker(old, 400, T0 - 86_400_000, "yesterday");
        Files.writeString(dir.resolve("opt-200.csv.partial"), "time_ms,interval_ms,state,signal,cost,main_share_pct,"
                + "workers,imbalance_pct,action,cpus,migrations,reason,epoch_ms,host,pid,jvm_start_epoch_ms,label\n"
                + "200,200,UNDECIDED,cpu-share,,,2,,pin-single:node1,1,0,hold,1795000001500,host-a,200," + (T0 + 1_000) + ",exec-2\n");
        Files.writeString(dir.resolve("notes.csv"), "a,b\n1,2\n"); // not numa-jvm's: ignored

        Path out = dir.resolve("merged");
        Merge.Result r = Merge.run(List.of(dir.toString()), out);
        assertEquals(3, r.jvms(), "exec-1, exec-2, exec-3; yesterday's JVM is another run's");
        assertEquals(5, r.files());
        String problems = String.join("\n", r.problems());
        assertTrue(problems.contains("perf-200.csv (PerfUtil CSV): incomplete: no completion marker"), problems);
        assertTrue(problems.contains("perf-300.csv (PerfUtil CSV): incomplete: its completion marker is another JVM's (pid 999)"),
                problems);
        assertTrue(problems.contains("perf-400.csv (PerfUtil CSV): left out: from another run (its JVM yesterday"), problems);
        assertTrue(problems.contains("opt-200.csv.partial (NUMAOpts decision log): incomplete: a .partial decision log"),
                problems);
        assertEquals(4, r.problems().size(), problems);

        List<String> table2 = Files.readAllLines(out.resolve("table2_parallelism.csv"));
        assertEquals("application,work_metric,main_pct,auxiliary_threads,auxiliary_pct,workers,workers_pct,"
                + "imbalance_c_pct,imbalance_i_pct,imbalance_oa_pct,jvm_internal_pct", table2.get(0));
        // the application: main threads 210 ms of 1,430 ms; exec-1 alone: 100 of 900
        assertTrue(table2.get(1).startsWith("application,task-clock,14.7,"), table2.get(1));
        assertTrue(table2.get(2).startsWith("exec-1,task-clock,11.1,0,0.0,2,88.9,0.0,"), table2.get(2));
        assertEquals(5, table2.size(), "application + 3 JVMs");
        List<String> jvms = Files.readAllLines(out.resolve("jvms.csv"));
        assertTrue(jvms.get(1).startsWith("exec-1,host-a,100,exec-1,app.Main,"), jvms.get(1));
        assertTrue(jvms.get(1).endsWith(",perfutil,yes"), jvms.get(1));
        assertTrue(jvms.get(2).endsWith(",perfutil decisions,no"), jvms.get(2));
        assertTrue(Files.readAllLines(out.resolve("threads_by_role.csv")).contains("application,application,6,1.22,85.31"));
        assertTrue(Files.readAllLines(out.resolve("numaopts.csv")).get(1).startsWith("exec-2,host-a,,,pin-single:node1,1"));
        assertTrue(Files.readString(out.resolve("report.md")).contains("> **Warning**: " + b));
    }

    @Test
    void aCharacterizationAddsItsRowsAndItsRunsAreNotMergedAgain() throws Exception {
        marker(perf("perf-100.csv", 100, T0, "exec-1", 100, 400, 400), 100, T0, "exec-1");
        Path study = Files.createDirectories(dir.resolve("study"));
        Files.writeString(study.resolve("characterization.json"), "{\"tables\": {\"table4_sharing\": {\"rows\": ["
                + "{\"application\": \"lusearch\", \"shared_read_pct\": \"12.5\", \"shared_write_pct\": \"0.10\", "
                + "\"profiled_accesses\": \"1000\"}]}}}");
        // a run of the characterization: its own PerfUtil CSV, which the study's tables already hold
        perf("study/single-counters.csv", 500, T0, "", 1, 1, 1);
        Merge.Result r = Merge.run(List.of(dir.toString()), dir.resolve("m"));
        assertEquals(2, r.files(), "the PerfUtil CSV and the characterization");
        assertEquals(1, r.jvms());
        List<String> table4 = Files.readAllLines(dir.resolve("m/table4_sharing.csv"));
        assertEquals(List.of("application,shared_read_pct,shared_write_pct,profiled_accesses",
                "study:lusearch,12.5,0.10,1000"), table4, "no JVM was profiled: the characterization's row alone");
    }

    @Test
    void aDamagedFileIsReportedAndTheOthersMerged() throws Exception {
        marker(perf("perf-100.csv", 100, T0, "exec-1", 100, 400, 400), 100, T0, "exec-1");
        Path damaged = perf("perf-200.csv", 200, T0, "exec-2", 1, 1, 1);
        Files.writeString(damaged, Files.readString(damaged).replace("host-a,200,", "host-a,x,"));
        Merge.Result r = Merge.run(List.of(dir.toString()), dir.resolve("m"));
        assertEquals(1, r.jvms());
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(0).startsWith(damaged + ": not read: " + damaged + " is not a readable PerfUtil CSV"),
                r.problems().get(0));
    }

    @Test
    void globsSelectFiles() throws Exception {
        marker(perf("perf-100.csv", 100, T0, "", 1, 1, 1), 100, T0, "");
        perf("other-200.csv", 200, T0, "", 1, 1, 1);
        Merge.Result r = Merge.run(List.of(dir + "/perf-*.csv"), dir.resolve("m"));
        assertEquals(1, r.files());
        assertEquals(List.of(), r.problems());
    }

    @Test
    void badUsageExitsTwoWithTheFix() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> Merge.run(List.of(dir.resolve("missing").toString()), dir));
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new MergeCommand()).setErr(new PrintWriter(err));
        assertEquals(2, cli.execute(dir.resolve("missing").toString(), "--out", dir.resolve("m").toString()));
        assertTrue(err.toString().contains("missing: no such file or directory; give directories, files or globs"), err.toString());
        err.getBuffer().setLength(0);
        Files.writeString(dir.resolve("notes.txt"), "x");
        assertEquals(2, cli.execute(dir.toString(), "--out", dir.resolve("m").toString()));
        assertTrue(err.toString().contains("no numa-jvm outputs in"), err.toString());
        err.getBuffer().setLength(0);
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        marker(perf("perf-100.csv", 100, T0, "", 1, 1, 1), 100, T0, "");
        assertEquals(2, cli.execute(dir.toString(), "--out", file.toString()));
        assertTrue(err.toString().contains("--out " + file + ": "), err.toString());
    }
}
