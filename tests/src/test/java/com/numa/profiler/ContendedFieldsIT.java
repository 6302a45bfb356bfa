package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The false-sharing advice followed: two threads taking turns writing two adjacent longs, annotated with
 * {@code @jdk.internal.vm.annotation.Contended} and compiled here with the compiler option the advice names
 * ({@code --add-exports java.base/jdk.internal.vm.annotation=ALL-UNNAMED}). With {@code -XX:-RestrictContended} the JVM
 * pads them apart and the diagnosis finds no false sharing; without it the JVM ignores the annotation outside the JDK,
 * the fields stay side by side, and the advice says to add the flag.
 */
class ContendedFieldsIT {
    private static final String SOURCE = """
            package contended;

            public final class ContendedFieldsProgram {
                static final int ROUNDS = 20_000;
                static volatile int turn;

                public static final class Fields {
                    @jdk.internal.vm.annotation.Contended
                    long a;
                    @jdk.internal.vm.annotation.Contended
                    long b;
                }

                public static void main(String[] args) throws InterruptedException {
                    Fields f = new Fields();
                    Thread[] ts = new Thread[2];
                    for (int k = 0; k < 2; k++) {
                        int me = k;
                        ts[k] = new Thread(() -> {
                            for (int i = 0; i < ROUNDS; i++) {
                                int spins = 0;
                                while (turn != me) {
                                    if (++spins % 64 == 0) {
                                        Thread.yield();
                                    }
                                }
                                if (me == 0) {
                                    f.a = i;
                                } else {
                                    f.b = i;
                                }
                                turn = 1 - me;
                            }
                        }, "writer-" + k);
                        ts[k].start();
                    }
                    for (Thread t : ts) {
                        t.join();
                    }
                    System.out.println(f.a + f.b);
                }
            }
            """;
    private static final String TYPE = "contended.ContendedFieldsProgram$Fields";
    private static String classPath;

    @BeforeAll
    static void compile() throws Exception {
        Path dir = ProfiledJvm.outputRoot().resolve("contended-classes");
        ProfiledJvm.deleteTree(dir);
        Path src = dir.resolve("src/contended/ContendedFieldsProgram.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, SOURCE);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "--add-exports", "java.base/jdk.internal.vm.annotation=ALL-UNNAMED", "-d",
                dir.resolve("classes").toString(), src.toString());
        assertEquals(0, rc, "javac failed");
        classPath = dir.resolve("classes") + File.pathSeparator + System.getProperty("java.class.path");
    }

    private static ProfiledJvm.Result run(String name, List<String> jvmArgs) throws Exception {
        ProfiledJvm.Result r = ProfiledJvm.runWithClassPath(name, jvmArgs, List.of("-XX:+NUMAProfilerDiagnose",
                "-XX:NUMAProfilerInclude=contended.**", "-XX:+NUMAProfilerQuiet",
                SharingDiagnosisGroundTruthIT.ANY_SHARING), Duration.ofMinutes(3), classPath,
                "contended.ContendedFieldsProgram");
        assertEquals(0, r.exitCode(), r.diagnostics());
        // the program's output only: reading @Contended fields' layouts prints nothing into it (JOL's own parser would)
        assertEquals(String.valueOf(2 * (20_000 - 1)), r.stdout().strip(), r.diagnostics());
        assertTrue(!r.stderr().contains("numa: NUMAProfiler:"), r.diagnostics());
        return r;
    }

    @Test
    void contendedFieldsArePaddedWithMinusRestrictContended() throws Exception {
        ProfiledJvm.Result r = run("diagnose-contended", List.of("-XX:-RestrictContended"));
        assertTrue(SharingDiagnosisGroundTruthIT.issues(r, "false-sharing", TYPE).isEmpty(), r.file("issues.csv"));
        JsonNode t = SharingDiagnosisGroundTruthIT.tracked(r, TYPE);
        assertEquals(2 * 20_000 - 1, t.get("writes").asLong(), t.toString()); // from writer-1's first write
        assertEquals(0, t.get("false_invalidations").asDouble(), t.toString());
    }

    @Test
    void withoutTheFlagTheAnnotationIsIgnoredAndTheAdviceSaysSo() throws Exception {
        ProfiledJvm.Result r = run("diagnose-contended-restricted", List.of());
        Map<String, String> fs = SharingDiagnosisGroundTruthIT.issue(r, "false-sharing", TYPE);
        assertTrue(fs.get("fields").contains("a@") && fs.get("fields").contains("b@"), fs.toString());
        assertTrue(fs.get("advice").contains("@Contended but the JVM laid them out unpadded")
                && fs.get("advice").contains("-XX:-RestrictContended"), fs.get("advice"));
    }
}
