package com.numa.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The kernel locality source on a real two-node kernel: {@link RemoteReaders} in the guest, its memory bound to node 1
 * with balancing allowed, one reader on each node, each reading an array of its own. The guest boots with
 * numa_balancing=disable; the source enables and tunes it for the window and restores it. Transparent huge pages are
 * switched off in the guest first (with them a scan gives one fault per 2 MiB, about a hundred times fewer samples).
 */
@Tag("guest")
class KernelLocalityGuestIT {
    private static NumaGuest.Result result;
    private static Map<String, String> values;

    @BeforeAll
    static void bootOnce() throws URISyntaxException, IOException {
        if (NumaGuest.unavailableReason().isPresent()) {
            return;
        }
        String java = String.join(" ", NumaGuest.javaCommand());
        String script = String.join("\n",
                "echo never > /sys/kernel/mm/transparent_hugepage/enabled",
                "numactl --balancing --membind=1 " + java + " -cp " + classPath()
                        + " com.numa.testing.RemoteReaders 3; echo exit=$?");
        result = NumaGuest.run(Duration.ofMinutes(5), List.of(), List.of("bash", "-c", script));
        values = result.output().lines().filter(l -> l.matches("[a-z_]+=.*"))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1),
                        (a, b) -> b));
        String dir = System.getProperty("numa.test.output");
        if (dir != null) {
            Files.createDirectories(Path.of(dir));
            Files.writeString(Path.of(dir, "kernel-locality-guest.txt"), result.output());
        }
    }

    @BeforeEach
    void requireGuest() {
        NumaGuest.assumeAvailable();
    }

    private static double number(String key) {
        String v = values.get(key);
        assertTrue(v != null, "no " + key + " in the guest output:\n" + result.output());
        return Double.parseDouble(v);
    }

    @Test
    void theProgramRanToTheEnd() {
        assertEquals("0", values.get("exit"), result.output());
    }

    @Test
    void theReaderOnTheOtherNodeIsRemoteAndItsTwinLocal() {
        assertTrue(number("remote_reader_samples") >= 100, result.output());
        assertTrue(number("local_reader_samples") >= 100, result.output());
        assertTrue(number("remote_reader_remote_share") >= 0.95, result.output());
        assertTrue(number("local_reader_remote_share") <= 0.05, result.output());
    }

    @Test
    void everyPageFaultIsSampledUnlessTheProbeIsAskedFor() {
        assertEquals("page faults", values.get("method"), result.output());
    }

    @Test
    void theRemoteReadersSamplesLieInTheHeap() {
        assertTrue(number("remote_reader_heap") >= 0.9 * number("remote_reader_samples"), result.output());
    }

    @Test
    void balancingWasTunedForTheWindowAndRestoredAfter() {
        assertTrue(values.getOrDefault("balancing_during", "").startsWith("numa_balancing=1 scan_delay_ms=0"),
                result.output());
        assertTrue(values.getOrDefault("balancing_before", "").startsWith("numa_balancing=0"), result.output());
        // debugfs, mounted for the window, is unmounted again: only the switch is visible afterwards
        assertEquals("numa_balancing=0", values.get("balancing_after"), result.output());
        assertEquals("[]", values.get("setting_problems"), result.output());
        assertEquals("never", values.get("thp"), result.output());
    }

    @Test
    void memoryBoundToOneNodeIsNotMigrated() {
        assertTrue(values.getOrDefault("vmstat", "").contains("numa_pages_migrated=0"), result.output());
    }

    /** Host paths of the program and what it links: surefire's own class path is a manifest jar under /tmp. */
    private static String classPath() throws URISyntaxException {
        List<String> cp = new ArrayList<>();
        for (Class<?> c : List.of(RemoteReaders.class, com.numa.perfutil.locality.KernelLocality.class,
                com.numa.core.io.KernelFiles.class, com.sun.jna.Native.class,
                org.apache.commons.csv.CSVFormat.class)) {
            cp.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, cp);
    }
}
