package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.testing.LargeArrayHolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -XX:+PerfUtilLocalitySites} through the agent, on the machine the tests run on: a program fills a 32 MiB
 * long[] it keeps, so the main thread takes the first-touch fault of each of its heap pages while the kernel locality
 * source samples. The array's allocation site carries those samples, all local (the first touch places a page on the
 * toucher's node).
 */
class LocalitySitesEndToEndTest {
    @TempDir
    Path tmp;

    @Test
    void theArraysAllocationSiteCarriesTheSamplesOfItsPages() throws Exception {
        Path csv = tmp.resolve("perfutil.csv");
        ChildRun r = ChildJvm.current().classPath(System.getProperty("java.class.path"))
                .agent(Path.of(System.getProperty("numa.agent.jar")), List.of("-XX:+PerfUtil",
                        "-XX:PerfUtilEvents=task-clock", "-XX:+PerfUtilKernelLocality", "-XX:+PerfUtilLocalitySites",
                        "-XX:PerfUtilOutput=" + csv))
                .main(LargeArrayHolder.class.getName(), List.of()).timeout(Duration.ofMinutes(2)).run();
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
    }
}
