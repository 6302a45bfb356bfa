package com.numa.characterize.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.characterize.analysis.Parallelism;
import com.numa.characterize.analysis.PerfUtilRows;
import com.numa.core.classification.ThreadWork;
import com.numa.characterize.report.StudyOutput;
import com.numa.characterize.report.StudyTables;
import com.numa.characterize.report.Table;
import com.numa.characterize.run.ApplicationResult;
import com.numa.characterize.run.ProfileSummary;
import com.numa.core.classification.Thresholds;
import com.numa.core.io.AtomicFiles;
import com.numa.core.io.JsonFiles;
import com.numa.core.provenance.JvmIdentity;
import com.numa.core.threads.ThreadRole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The outputs of one run of a many-JVM application, read and tabled: per JVM, per host, and for the application as a
 * whole (every JVM's threads together, names prefixed with their JVM's). Table 2 and Table 4 rows are the study's
 * own ({@link Parallelism}, {@link StudyTables}), one per JVM and one for the application; a characterization found
 * among the inputs adds its own rows. Accesses are shared only within a JVM (each has its own heap), so the
 * application's Table 4 row is the JVMs' rows weighted by their accesses.
 */
final class MergedRun {
    static final String APPLICATION = "application";

    /** One JVM of the run and what its files hold (null where it wrote no such file). */
    record Jvm(String name, JvmIdentity identity, List<JvmOutput> outputs, PerfUtilRows rows, ProfileSummary profile,
            Map<String, String> decisions) {
    }

    private final List<Jvm> jvms;
    private final List<JvmOutput> characterizations;
    /** Every file found, with what became of it: "complete", or why it is incomplete, left out or unread. */
    private final Map<JvmOutput, String> status;
    /** Files that could not even be told apart: "path: not read: why". */
    private final List<String> unreadable;

    private MergedRun(List<Jvm> jvms, List<JvmOutput> characterizations, Map<JvmOutput, String> status,
            List<String> unreadable) {
        this.jvms = jvms;
        this.characterizations = characterizations;
        this.status = status;
        this.unreadable = List.copyOf(unreadable);
    }

    /** Groups {@code found} by JVM, leaves out other runs' files, reads the rest; {@code unreadable} is reported. */
    static MergedRun of(List<JvmOutput> found, List<String> unreadable) {
        Map<JvmOutput, String> status = new LinkedHashMap<>();
        Map<String, List<JvmOutput>> byJvm = new LinkedHashMap<>();
        List<JvmOutput> characterizations = new ArrayList<>();
        for (JvmOutput o : found) {
            if (o.kind() == JvmOutput.Kind.CHARACTERIZATION) {
                characterizations.add(o);
                status.put(o, "complete");
            } else {
                byJvm.computeIfAbsent(o.jvmKey(), k -> new ArrayList<>()).add(o);
            }
        }
        List<RunGroups.Life> lives = new ArrayList<>();
        byJvm.forEach((key, outs) -> {
            JvmIdentity id = identity(outs);
            if (id != null) {
                long end = outs.stream().mapToLong(JvmOutput::endEpochMs).max().orElse(-1);
                lives.add(new RunGroups.Life(key, id.startEpochMs(), Math.max(end, id.startEpochMs())));
            }
        });
        List<List<RunGroups.Life>> groups = RunGroups.groups(lives);
        Set<String> merged = new HashSet<>(RunGroups.merged(groups).stream().map(RunGroups.Life::key).toList());
        List<Jvm> jvms = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Map.Entry<String, List<JvmOutput>> e : byJvm.entrySet()) {
            JvmIdentity id = identity(e.getValue());
            if (id != null && !merged.contains(e.getKey())) {
                String when = Instant.ofEpochMilli(id.startEpochMs()).toString();
                e.getValue().forEach(o -> status.put(o, "left out: from another run (its JVM " + id.displayName()
                        + " started " + when + ", apart from the others' lifetimes)"));
                continue;
            }
            jvms.add(read(uniqueName(id, e.getValue(), names), id, e.getValue(), status));
        }
        // in start order (the driver before its executors); JVMs whose files do not say last
        jvms.sort(java.util.Comparator.comparingLong(j -> j.identity() == null ? Long.MAX_VALUE : j.identity().startEpochMs()));
        return new MergedRun(jvms, characterizations, status, unreadable);
    }

    /** The richest identity among a JVM's files (a completion marker's holds the command). */
    private static JvmIdentity identity(List<JvmOutput> outs) {
        JvmIdentity best = null;
        for (JvmOutput o : outs) {
            if (o.jvm() != null && (best == null || best.command().isEmpty() && !o.jvm().command().isEmpty())) {
                best = o.jvm();
            }
        }
        return best;
    }

    private static String uniqueName(JvmIdentity id, List<JvmOutput> outs, Set<String> taken) {
        String name = id == null ? outs.get(0).path().getFileName().toString() : id.displayName();
        if (!taken.add(name)) {
            name = name + "/" + (id == null ? outs.get(0).path() : id.pid());
            taken.add(name);
        }
        return name;
    }

    private static Jvm read(String name, JvmIdentity id, List<JvmOutput> outs, Map<JvmOutput, String> status) {
        PerfUtilRows rows = null;
        ProfileSummary profile = null;
        Map<String, String> decisions = null;
        for (JvmOutput o : outs) {
            try {
                switch (o.kind()) {
                    case PERFUTIL -> rows = PerfUtilRows.read(o.path());
                    case PROFILE -> profile = ProfileSummary.read(o.path());
                    case DECISIONS -> decisions = decisions(o.path());
                    default -> throw new IllegalStateException(o.kind().toString());
                }
                status.put(o, o.complete() ? "complete" : "incomplete: " + o.incomplete());
            } catch (IOException | RuntimeException e) {
                status.put(o, "not read: " + e.getMessage());
            }
        }
        return new Jvm(name, id, outs, rows, profile, decisions);
    }

    /** The decision log's summary line (key=value pairs) and its last placement. */
    private static Map<String, String> decisions(Path log) throws IOException {
        Map<String, String> d = new LinkedHashMap<>();
        String placement = "";
        String cpus = "";
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith("# summary,")) {
                for (String kv : line.substring("# summary,".length()).split(" ")) {
                    int eq = kv.indexOf('=');
                    if (eq > 0) {
                        d.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                }
            }
        }
        try (var rows = com.numa.core.io.CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true)
                .setCommentMarker('#').get().parse(Files.newBufferedReader(log))) {
            for (var r : rows) {
                String action = r.get("action");
                if (action.startsWith("pin-")) {
                    placement = action;
                    cpus = r.get("cpus");
                }
            }
        }
        d.put("placement", placement);
        d.put("cpus", cpus);
        return d;
    }

    List<Jvm> jvms() {
        return jvms;
    }

    Map<JvmOutput, String> status() {
        return status;
    }

    /** Files that are not whole or were left out, one line each, for the report's top and stderr. */
    List<String> problems() {
        List<String> out = new ArrayList<>(unreadable);
        status.forEach((o, s) -> {
            if (!s.equals("complete")) {
                out.add(o.path() + " (" + o.kind().label() + "): " + s);
            }
        });
        return out;
    }

    /** Every table of the merge, in the report's order. */
    List<Table> tables() throws IOException {
        return List.of(jvmTable(), hostTable(), rolesTable(), parallelism(), sharing(), decisionsTable(), filesTable());
    }

    private Table jvmTable() {
        List<List<String>> rows = new ArrayList<>();
        for (Jvm j : jvms) {
            JvmIdentity id = j.identity();
            long end = j.outputs().stream().mapToLong(JvmOutput::endEpochMs).max().orElse(-1);
            rows.add(List.of(j.name(), id == null ? "" : id.host(), id == null ? "" : String.valueOf(id.pid()),
                    id == null ? "" : id.label(), id == null ? "" : id.command(),
                    id == null ? "" : Instant.ofEpochMilli(id.startEpochMs()).toString(),
                    end < 0 ? "" : Instant.ofEpochMilli(end).toString(),
                    String.join(" ", j.outputs().stream().map(JvmOutput::kind).sorted().distinct()
                            .map(k -> k.name().toLowerCase(Locale.ROOT)).toList()),
                    j.outputs().stream().allMatch(JvmOutput::complete) ? "yes" : "no"));
        }
        return new Table("jvms.csv", "JVMs", "Each JVM of the run, named by -XX:NUMALabel or pid@host; complete = every "
                + "file it wrote has its completion marker.", List.of("jvm", "host", "pid", "label", "command",
                        "started_utc", "last_output_utc", "outputs", "complete"), rows);
    }

    private Table hostTable() {
        Map<String, double[]> byHost = new LinkedHashMap<>();
        for (Jvm j : jvms) {
            double[] h = byHost.computeIfAbsent(j.identity() == null ? "" : j.identity().host(), k -> new double[3]);
            h[0]++;
            if (j.rows() != null) {
                for (ThreadWork t : j.rows().threads()) {
                    if (t.isApplication()) {
                        h[1]++;
                        h[2] += t.count("task-clock");
                    }
                }
            }
        }
        List<List<String>> rows = new ArrayList<>();
        byHost.forEach((host, h) -> rows.add(List.of(host, String.valueOf((int) h[0]), String.valueOf((int) h[1]),
                num(h[2] / 1e9))));
        return new Table("hosts.csv", "Hosts", "Application threads (main and application roles) of PerfUtil's CSVs.",
                List.of("host", "jvms", "application_threads", "application_cpu_s"), rows);
    }

    private Table rolesTable() {
        List<List<String>> rows = new ArrayList<>();
        Map<ThreadRole, double[]> all = new LinkedHashMap<>();
        double allCpu = 0;
        for (Jvm j : jvms) {
            if (j.rows() == null) {
                continue;
            }
            Map<ThreadRole, double[]> mine = new LinkedHashMap<>();
            double cpu = 0;
            for (ThreadWork t : j.rows().threads()) {
                double c = t.count("task-clock");
                add(mine, t.role(), c);
                add(all, t.role(), c);
                cpu += c;
            }
            allCpu += cpu;
            addRoleRows(rows, j.name(), mine, cpu);
        }
        addRoleRows(rows, APPLICATION, all, allCpu);
        return new Table("threads_by_role.csv", "Threads by role", "Per JVM and across all JVMs (application); CPU time "
                + "is task-clock.", List.of("jvm", "role", "threads", "cpu_s", "cpu_pct"), rows);
    }

    private static void add(Map<ThreadRole, double[]> m, ThreadRole role, double cpuNs) {
        double[] v = m.computeIfAbsent(role, r -> new double[2]);
        v[0]++;
        v[1] += cpuNs;
    }

    private static void addRoleRows(List<List<String>> rows, String jvm, Map<ThreadRole, double[]> m, double cpu) {
        for (ThreadRole r : ThreadRole.values()) {
            double[] v = m.get(r);
            if (v != null) {
                rows.add(List.of(jvm, r.label(), String.valueOf((int) v[0]), num(v[1] / 1e9),
                        cpu > 0 ? num(100 * v[1] / cpu) : ""));
            }
        }
    }

    /** Table 2: one row for the application, one per JVM with counters, then any characterization's rows. */
    private Table parallelism() throws IOException {
        List<ApplicationResult> results = new ArrayList<>();
        List<ThreadWork> all = new ArrayList<>();
        Map<String, Double> allAccesses = new HashMap<>();
        Set<String> events = null;
        boolean windowed = true;
        double coverage = 100;
        for (Jvm j : jvms) {
            if (j.rows() == null) {
                continue;
            }
            Map<String, Double> accesses = j.profile() == null ? Map.of() : j.profile().workByThread();
            results.add(result(j.name(), Parallelism.of(j.rows(), accesses, Thresholds.DEFAULTS), j.profile()));
            for (ThreadWork t : j.rows().threads()) {
                // a pool's threads are one JVM's (its name is in theirs), so their lives share one clock
                all.add(new ThreadWork(t.tid(), j.name() + "/" + t.name(), t.role(), t.counts(), t.life()));
            }
            accesses.forEach((thread, n) -> allAccesses.put(j.name() + "/" + thread, n));
            if (events == null) {
                events = new LinkedHashSet<>(j.rows().events());
            } else {
                events.retainAll(j.rows().events()); // what every JVM counted, so the work metric is one
            }
            windowed &= j.rows().windowed();
            coverage = Math.min(coverage, j.rows().minCoverage());
        }
        if (events != null) {
            PerfUtilRows app = new PerfUtilRows(all, List.copyOf(events), windowed, coverage);
            results.add(0, result(APPLICATION, Parallelism.of(app, allAccesses, Thresholds.DEFAULTS), applicationProfile()));
        }
        Table t = StudyTables.parallelism(results, events != null && !events.contains("instructions")
                ? "no instructions counted in every JVM: work is task-clock (CPU time)" : "");
        return withCharacterizations(new Table(t.file(), "Table 2: parallelism and balance (each JVM's run, and all "
                + "JVMs together)", t.note(), t.header(), t.rows()), "table2_parallelism");
    }

    private Table sharing() throws IOException {
        List<ApplicationResult> results = new ArrayList<>();
        for (Jvm j : jvms) {
            if (j.profile() != null) {
                results.add(result(j.name(), null, j.profile()));
            }
        }
        ProfileSummary app = applicationProfile();
        if (app != null) {
            results.add(0, result(APPLICATION, null, app));
        }
        Table t = StudyTables.sharing(results);
        return withCharacterizations(new Table(t.file(), "Table 4: shared accesses (owner = last writer, "
                + "NUMAProfiler, each JVM's run)", t.note() + " Each JVM has its own heap: the "
                + "application's row is its JVMs' accesses together.", t.header(), t.rows()), "table4_sharing");
    }

    private static ApplicationResult result(String name, Parallelism p, ProfileSummary profile) {
        return ApplicationResult.measuredOnly(name, p, profile, "the whole run of each JVM");
    }

    /** The JVMs' profiles as one: shares weighted by each JVM's accesses; null when none was profiled. */
    private ProfileSummary applicationProfile() {
        long accesses = 0;
        double sharedReads = 0;
        double sharedWrites = 0;
        double unknown = 0;
        long refused = 0;
        int sampling = 1;
        boolean primitives = true;
        String jdk = "";
        java.util.Set<String> hidden = new java.util.LinkedHashSet<>();
        int virtualThreads = 0;
        Map<String, Double> byThread = new LinkedHashMap<>();
        boolean any = false;
        for (Jvm j : jvms) {
            ProfileSummary p = j.profile();
            if (p == null) {
                continue;
            }
            any = true;
            accesses += p.accesses();
            sharedReads += p.sharedReadPct() * p.accesses();
            sharedWrites += p.sharedWritePct() * p.accesses();
            unknown += p.unknownOwnerPct() * p.accesses();
            refused += p.sideTableRefusals();
            sampling = Math.max(sampling, p.samplingOneIn());
            primitives &= p.primitivesProfiled();
            jdk = jdk.isEmpty() ? p.jdkClassesProfiled() : jdk;
            if (!p.hiddenByIntrinsics().isEmpty()) {
                hidden.add(p.hiddenByIntrinsics());
            }
            virtualThreads += p.virtualThreads();
            p.accessesByThread().forEach((t, n) -> byThread.put(j.name() + "/" + t, n));
        }
        if (!any) {
            return null;
        }
        double a = Math.max(1, accesses);
        return new ProfileSummary(sharedReads / a, sharedWrites / a, accesses, byThread, unknown / a, refused, sampling,
                primitives, jdk, String.join("; ", hidden), virtualThreads);
    }

    /** {@code t} with the rows of every characterization's table {@code key}, their applications prefixed by its directory. */
    private Table withCharacterizations(Table t, String key) throws IOException {
        if (characterizations.isEmpty()) {
            return t;
        }
        List<List<String>> rows = new ArrayList<>(t.rows());
        for (JvmOutput c : characterizations) {
            JsonNode table = JsonFiles.mapper().readTree(c.path().resolve("characterization.json").toFile())
                    .path("tables").path(key).path("rows");
            for (JsonNode r : table) {
                List<String> row = new ArrayList<>();
                for (String column : t.header()) {
                    String v = r.path(column).asText("");
                    row.add(column.equals("application") ? c.path().getFileName() + ":" + v : v);
                }
                rows.add(row);
            }
        }
        return new Table(t.file(), t.title(), t.note(), t.header(), rows);
    }

    private Table decisionsTable() {
        List<List<String>> rows = new ArrayList<>();
        for (Jvm j : jvms) {
            Map<String, String> d = j.decisions();
            if (d != null) {
                rows.add(List.of(j.name(), j.identity() == null ? "" : j.identity().host(),
                        d.getOrDefault("final_state", ""), d.getOrDefault("migrations", ""), d.get("placement"), d.get("cpus")));
            }
        }
        return new Table("numaopts.csv", "NUMAOpts decisions", "The Awareness Thread's final state and last placement "
                + "in each JVM; JVMs of one host confined to one node take different nodes through the host's node leases.",
                List.of("jvm", "host", "final_state", "migrations", "last_placement", "cpus"), rows);
    }

    private Table filesTable() {
        List<List<String>> rows = new ArrayList<>();
        Map<JvmOutput, String> names = new HashMap<>();
        for (Jvm j : jvms) {
            j.outputs().forEach(o -> names.put(o, j.name()));
        }
        status.forEach((o, s) -> rows.add(List.of(o.path().toString(), o.kind().label(), names.getOrDefault(o,
                o.jvm() == null ? "" : o.jvm().displayName()), s)));
        return new Table("files.csv", "Files", "Every output found, and what became of it.",
                List.of("path", "kind", "jvm", "status"), rows);
    }

    /** Writes every table as CSV and report.md, each atomically, into {@code out}. */
    void write(Path out) throws IOException {
        List<Table> tables = tables();
        for (Table t : tables) {
            StudyOutput.writeCsv(out, t);
        }
        Set<String> hosts = new LinkedHashSet<>();
        jvms.forEach(j -> hosts.add(j.identity() == null ? "" : j.identity().host()));
        StringBuilder md = new StringBuilder("# numa merge: " + jvms.size() + " JVM(s) on " + hosts.size() + " host(s)\n\n");
        for (String p : problems()) {
            md.append("> **Warning**: ").append(p.replace("|", "\\|")).append("\n\n");
        }
        for (Table t : tables) {
            StudyOutput.appendMarkdown(md, t);
        }
        AtomicFiles.writeString(out.resolve("report.md"), md.toString());
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "";
    }
}
