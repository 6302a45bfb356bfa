package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildRun;
import com.numa.testing.LargeArrayHolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -XX:+PerfUtilLocalitySites} through the agent, on the machine the tests run on: a program fills a 32 MiB
 * long[] it keeps, so the main thread takes the first-touch fault of each of its heap pages while the kernel locality
 * source samples. The array's allocation site carries those samples, all local (the first touch places a page on the
 * toucher's node).
 */
class LocalitySitesEndToEndIT {
    @TempDir
    Path tmp;

    @Test
    void theArraysAllocationSiteCarriesTheSamplesOfItsPages() throws Exception {
        Path csv = tmp.resolve("perfutil.csv");
        ChildRun r = LargeArrayHolder.run(List.of("-XX:+PerfUtil", "-XX:PerfUtilEvents=task-clock",
                "-XX:+PerfUtilKernelLocality", "-XX:+PerfUtilLocalitySites", "-XX:PerfUtilOutput=" + csv), List.of());
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(Files.isRegularFile(LocalitySummary.objectsFile(csv)), r.diagnostics());
        assertTrue(Files.isRegularFile(LocalitySummary.pagesFile(csv)), r.diagnostics());
        List<LocalitySites.Site> sites = LocalitySummary.sites(csv).orElseThrow();
        LocalitySites.Site array = sites.stream()
                .filter(s -> s.site().startsWith("com.numa.testing.LargeArrayHolder.allocate:")).findFirst()
                .orElseThrow(() -> new AssertionError("the array's site among " + sites + "\n" + r.diagnostics()));
        assertEquals("long[]", array.type());
        int arrayPages = (int) (8L * (4 << 20) / com.numa.perfutil.linux.LinuxSyscalls.pageSize());
        assertTrue(array.pages() >= arrayPages / 2, array + ": most of its " + arrayPages + " pages were sampled");
        assertTrue(array.local() >= array.pages(), array.toString());
        assertEquals(0, array.remote(), array.toString());
        // numa-jvm's own objects (the sampler's page table, the agent's start-up, Flight Recorder's), where JFR sampled
        // any (it samples at random: some runs hold only the application's), are marked as ours and in no site
        List<LocalitySites.SampledObject> objects = ObjectSamples.read(LocalitySummary.objectsFile(csv));
        for (LocalitySites.SampledObject o : objects) {
            boolean byNumaJvm = java.util.Arrays.stream(o.site().split(" < "))
                    .anyMatch(f -> f.startsWith("com.numa.") && !f.startsWith("com.numa.testing.")
                            || f.startsWith("jdk.jfr."));
            if (byNumaJvm) {
                assertTrue(o.ours(), o + " was allocated by numa-jvm: " + objects);
            }
        }
        List<LocalitySites.SampledObject> application = objects.stream().filter(o -> !o.ours()).toList();
        for (LocalitySites.Site s : sites) {
            assertTrue(application.stream().anyMatch(o -> o.site().equals(s.site()) && o.type().equals(s.type())),
                    s + " comes from the application's objects: " + application);
        }
    }
}
