package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.TargetJava;
import com.numa.core.classification.Imbalance;
import com.numa.core.io.CsvTables;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * C2 intrinsics that replace instrumented JDK methods: which a JDK has, the options that turn them off (which the
 * running HotSpot must accept), and a launched program-coverage run that counts equal sorts equally once compiled.
 */
class HiddenIntrinsicsIT {
    @TempDir
    Path tmp;

    @Test
    void eachJdkGetsTheIdsItHasAndAnUnknownJdkNone() {
        assertEquals(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:DisableIntrinsic=_base64_encodeBlock,_base64_decodeBlock"),
                HiddenIntrinsics.disablingOptions(17));
        assertEquals(List.of("-XX:+UnlockDiagnosticVMOptions",
                "-XX:DisableIntrinsic=_arraySort,_arrayPartition,_base64_encodeBlock,_base64_decodeBlock"),
                HiddenIntrinsics.disablingOptions(25));
        assertEquals(List.of(), HiddenIntrinsics.disablingOptions(-1), "HotSpot rejects ids it lacks: guess none");
    }

    @Test
    void whatStaysHiddenIsWhatTheFlagDoesNotTurnOffOnceEach() {
        assertEquals(List.of("Arrays.sort of primitive arrays", "Base64 encoding", "Base64 decoding"),
                HiddenIntrinsics.stillHidden(25, ""));
        assertEquals(List.of("Base64 decoding"),
                HiddenIntrinsics.stillHidden(25, "_arraySort, _arrayPartition,_base64_encodeBlock"));
        assertEquals(List.of("Arrays.sort of primitive arrays"),
                HiddenIntrinsics.stillHidden(25, "_arrayPartition,_base64_encodeBlock,_base64_decodeBlock"),
                "one of the sort's two intrinsics left on still hides it");
        assertEquals(HiddenIntrinsics.stillHidden(Runtime.version().feature(), ""), HiddenIntrinsics.stillHiddenHere(),
                "this test JVM turned none off");
    }

    @Test
    void theRunningHotSpotAcceptsTheOptions() throws Exception {
        List<String> options = HiddenIntrinsics.disablingOptions(Runtime.version().feature());
        ChildRun r = ChildJvm.current().options(options).launch(List.of("-version")).timeout(Duration.ofSeconds(60)).run();
        assertEquals(0, r.exitCode(), "HotSpot " + Runtime.version() + " rejects " + options + ": " + r.diagnostics());
    }

    @Test
    void aLaunchedProgramCoverageRunCountsEqualSortsEquallyOnceCompiled() throws Exception {
        String cp = Path.of(EqualSortsProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path profile = tmp.resolve("profile");
        ChildJvm child = ChildJvm.on(TargetJava.current()).classPath(cp)
                .agent(Path.of(System.getProperty("numa.agent.jar")), List.of("-XX:+NUMAProfiler",
                        "-XX:NUMAProfilerCoverage=program", "-XX:NUMAProfilerOutput=" + profile))
                .main(EqualSortsProgram.class.getName(), List.of("12", "200000")).timeout(Duration.ofMinutes(3));
        assertTrue(child.command().containsAll(HiddenIntrinsics.disablingOptions(Runtime.version().feature())),
                child.command().toString());
        ChildRun r = child.run();
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(Files.readString(profile.resolve("summary.json")).matches("(?s).*\"hidden_by_intrinsics\" ?: ?\"\".*"),
                "nothing left hidden");
        double[] accesses;
        try (Reader in = Files.newBufferedReader(profile.resolve("threads.csv"));
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            accesses = p.getRecords().stream().filter(t -> t.get("name").startsWith("sorter-"))
                    .mapToDouble(t -> Double.parseDouble(t.get("reads")) + Double.parseDouble(t.get("writes"))).toArray();
        }
        assertEquals(12, accesses.length);
        // without the options, JDK 22+ counted the last sorters' accesses at a tenth of the first ones' (119%)
        assertTrue(Imbalance.pct(accesses) < 10, "equal sorts, object-access imbalance " + Imbalance.pct(accesses) + "%: "
                + java.util.Arrays.toString(accesses));
    }
}
