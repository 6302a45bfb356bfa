package com.numa.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.numa.perfutil.linux.LinuxSyscalls;

/**
 * Checks the guest is a real two-node NUMA machine. One boot runs every check (a boot costs ~8 s under software
 * emulation); a second, short one proves the timeout.
 */
@Tag("guest")
class NumaGuestIT {

    /** Under /tmp, which the guest replaces with its own tmpfs: a writable share must still reach the host. */
    @TempDir
    static Path shared;

    private static NumaGuest.Result result;
    private static Map<String, String> sections;

    @BeforeAll
    static void bootOnce() throws URISyntaxException, IOException {
        if (NumaGuest.unavailableReason().isPresent()) {
            return; // each test then reports the reason through requireGuest()
        }
        String java = String.join(" ", NumaGuest.javaCommand());
        String script = String.join("\n",
                "echo '=== numactl'; numactl --hardware",
                "echo '=== probe'; taskset -c 1 " + java + " -cp " + probeClassPath()
                        + " com.numa.testing.GuestProbe; echo probe_exit=$?",
                "echo '=== membind'; numactl --membind=1 cat /proc/self/numa_maps",
                "cat /sys/devices/system/node/online > " + shared.resolve("nodes-online"),
                "exit 3");
        result = NumaGuest.run(Duration.ofMinutes(3), List.of(shared), List.of("bash", "-c", script));
        sections = sections(result.output());
        saveForDiagnosis(result);
    }

    /** Per test, not in @BeforeAll: surefire drops the reason of a class-level skip from its reports. */
    @BeforeEach
    void requireGuest() {
        NumaGuest.assumeAvailable();
    }

    @Test
    void numactlSeesTwoNodesOneCpuEachAtDistance21() {
        String hw = section("numactl");
        assertTrue(hw.contains("available: 2 nodes (0-1)"), hw);
        assertTrue(Pattern.compile("(?m)^node 0 cpus: 0$").matcher(hw).find(), hw);
        assertTrue(Pattern.compile("(?m)^node 1 cpus: 1$").matcher(hw).find(), hw);
        assertTrue(Pattern.compile("(?m)^\\s*0:\\s+10\\s+21\\s*$").matcher(hw).find(), hw);
        assertTrue(Pattern.compile("(?m)^\\s*1:\\s+21\\s+10\\s*$").matcher(hw).find(), hw);
    }

    @Test
    void javaPinnedToCpu1ByTasksetRunsOnNode1() {
        Map<String, String> probe = probe();
        assertEquals("1", probe.get("cpus_allowed_list"), section("probe"));
        assertEquals("1", probe.get("start_cpu"), section("probe"));
        assertEquals("1", probe.get("start_node"), section("probe"));
    }

    @Test
    void projectSyscallsMoveThreadsAndPagesBetweenRealNodes() {
        Map<String, String> probe = probe();
        String all = section("probe");
        assertEquals("0", probe.get("pinned0_cpu"), all);
        assertEquals("0", probe.get("pinned0_node"), all);
        assertEquals("0", probe.get("first_touch_nodes"), all);
        assertEquals("1", probe.get("moved_nodes"), all);
        assertEquals("1", probe.get("bind1_nodes"), all);
        assertEquals("0", probe.get("probe_exit"), all);
    }

    @Test
    void numactlMembindPlacesPagesOnNode1() {
        String maps = section("membind");
        List<String> heap = maps.lines().filter(l -> l.contains(" heap ")).collect(Collectors.toList());
        assertFalse(heap.isEmpty(), maps);
        for (String line : heap) {
            assertTrue(line.contains("bind:1") && line.contains(" N1="), line);
            assertFalse(line.contains(" N0="), line);
        }
    }

    @Test
    void exitCodeOfTheCommandComesBack() {
        assertEquals(3, result.exitCode(), result.output());
    }

    @Test
    void writableShareBringsFilesBackToTheHost() throws IOException {
        assertEquals("0-1", Files.readString(shared.resolve("nodes-online")).strip());
    }

    @Test
    void timeoutKillsTheGuestAndSaysSo() {
        long start = System.nanoTime();
        NumaGuestException e = assertThrows(NumaGuestException.class,
                () -> NumaGuest.run(Duration.ofSeconds(3), "sleep", "600"));
        long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
        assertTrue(e.timedOut(), e.getMessage());
        assertTrue(e.getMessage().contains("timed out after 3 s"), e.getMessage());
        assertTrue(seconds < 120, "the 3 s timeout took " + seconds + " s to fire");
    }

    /** Keeps the guest's answer next to the surefire reports, for when an assertion needs explaining. */
    private static void saveForDiagnosis(NumaGuest.Result r) throws IOException {
        String dir = System.getProperty("numa.test.output");
        if (dir != null) {
            Files.createDirectories(Path.of(dir));
            Files.writeString(Path.of(dir, "numa-guest-test.txt"), "exit " + r.exitCode() + "\n" + r.output());
        }
    }

    /** Host paths of the probe and what it links: surefire's own class path is a manifest jar under /tmp. */
    private static String probeClassPath() throws URISyntaxException {
        List<String> cp = new ArrayList<>();
        for (Class<?> c : List.of(GuestProbe.class, LinuxSyscalls.class, com.sun.jna.Native.class)) {
            cp.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, cp);
    }

    private static Map<String, String> sections(String output) {
        Map<String, String> out = new LinkedHashMap<>();
        String name = "";
        StringBuilder body = new StringBuilder();
        for (String line : output.split("\n", -1)) {
            if (line.startsWith("=== ")) {
                out.put(name, body.toString());
                name = line.substring(4).strip();
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        out.put(name, body.toString());
        return out;
    }

    private static String section(String name) {
        String s = sections.get(name);
        assertTrue(s != null, "no '" + name + "' section in the guest output:\n" + result.output());
        return s;
    }

    private static Map<String, String> probe() {
        return section("probe").lines().filter(l -> l.matches("[a-z0-9_]+=.*"))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1),
                        (a, b) -> b));
    }
}
