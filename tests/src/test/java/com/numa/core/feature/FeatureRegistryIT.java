package com.numa.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.flags.FlagValues;
import com.numa.core.log.NumaLog;
import com.numa.vm.NamedThreadsProgram;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The feature contract's promise: a feature added through the registry alone (one class and one line in a services
 * file, nothing else edited) is listed by -XX:+PrintNUMAFlags, parsed by the launcher and started by the agent.
 */
class FeatureRegistryIT {

    @TempDir
    Path tmp;

    /** A class-path directory holding only a services file that registers {@link ThrowawayFeature}. */
    private Path pluginDir() throws Exception {
        Path services = tmp.resolve("plugin/META-INF/services/" + Feature.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, "# registered by a test\n" + ThrowawayFeature.class.getName() + "\n");
        return tmp.resolve("plugin");
    }

    @Test
    void theProductRegistersItsThreeFeaturesInStartOrder() {
        FeatureRegistry r = FeatureRegistry.load(getClass().getClassLoader(), noProblem());
        assertEquals(List.of("NUMAProfiler", "NUMAOpts", "PerfUtil"), r.features().stream().map(Feature::name).toList());
        assertTrue(r.flagSet().flag("NUMATopology") != null && r.flagSet().flag("PrintNUMAFlags") != null);
    }

    /**
     * What premain reads: the agent jar's own list (here from the plain copy of its classes, where a class loader of
     * the test can read them), loaded in a class loader that sees that jar alone, is the list ServiceLoader finds
     * there, in the same order; a class from a classes directory has no jar list.
     */
    @Test
    void theAgentJarsOwnListIsWhatServiceLoaderFindsInIt() throws Exception {
        URL jar = AgentJar.plainClasses(Path.of(System.getProperty("numa.agent.jar"))).toUri().toURL();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader())) {
            Class<?> registry = loader.loadClass(FeatureRegistry.class.getName());
            Object own = registry.getMethod("loadFromJarOf", Class.class, java.util.function.Consumer.class)
                    .invoke(null, loader.loadClass("com.numa.vm.NumaAgent"), noProblem());
            Object searched = registry.getMethod("load", ClassLoader.class, java.util.function.Consumer.class)
                    .invoke(null, loader, noProblem());
            assertEquals(List.of("com.numa.profiler.ProfilerFeature", "com.numa.opt.OptFeature",
                    "com.numa.perfutil.session.PerfUtilFeature"), featureClasses(own));
            assertEquals(featureClasses(searched), featureClasses(own));
        }
        assertEquals(null, FeatureRegistry.loadFromJarOf(FeatureRegistryIT.class, noProblem()),
                "test classes come from a directory");
    }

    /** Fails the test on any problem the registry reports. */
    private static java.util.function.Consumer<String> noProblem() {
        return m -> {
            throw new AssertionError(m);
        };
    }

    private static List<String> featureClasses(Object registry) throws ReflectiveOperationException {
        List<?> features = (List<?>) registry.getClass().getMethod("features").invoke(registry);
        return features.stream().map(f -> f.getClass().getName()).toList();
    }

    @Test
    void aServicesFileIsReadAsServiceLoaderReadsIt() {
        assertEquals(List.of("a.B", "c.D", "e.F"),
                FeatureRegistry.providerNames("# the list\r\na.B\r\n\n  c.D  # second\n\t\ne.F"));
        assertEquals(List.of(), FeatureRegistry.providerNames(""));
    }

    @Test
    void aRegisteredFeatureJoinsTheFlagSetAndStartsWhenEnabled() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {pluginDir().toUri().toURL()}, getClass().getClassLoader())) {
            FeatureRegistry r = FeatureRegistry.load(loader, noProblem());
            assertEquals("Throwaway", r.features().get(r.features().size() - 1).name());
            assertTrue(r.flagSet().describe().contains("ThrowawayMarker"));
            Path marker = tmp.resolve("marker.txt");
            FlagValues on = r.flagSet().parse(List.of("-XX:+Throwaway", "-XX:ThrowawayLevel=7", "-XX:ThrowawayMarker=" + marker));
            assertTrue(r.anyEnabled(on));
            r.startEnabled(new FeatureContext(on, null, List::of, null, new NumaLog((PrintStream) null), List.of()));
            assertEquals("started level=7 topology=false threads=false", Files.readString(marker));
            assertFalse(r.anyEnabled(r.flagSet().parse(List.of())));
        }
    }

    @Test
    void aFeatureThatThrowsIsTurnedOffAloneAndSaysSo() throws Exception {
        Feature failing = new ThrowawayFeature() {
            @Override
            public void start(FeatureContext context) {
                throw new IllegalStateException("no such device");
            }
        };
        FeatureRegistry r = FeatureRegistry.of(failing);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        FlagValues on = r.flagSet().parse(List.of("-XX:+Throwaway"));
        r.startEnabled(new FeatureContext(on, null, List::of, null, new NumaLog(new PrintStream(err, true, StandardCharsets.UTF_8)), List.of()));
        assertEquals("numa: Throwaway: no such device; Throwaway is off, the application runs on\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theLauncherListsParsesAndTheAgentStartsARegisteredFeature() throws Exception {
        Path agentJar = Path.of(System.getProperty("numa.agent.jar"));
        String testClasses = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String plugin = pluginDir().toString();
        // the launcher from the plain copy of numa-jvm's classes, beside the plug-in; the agent it starts is the jar
        String launcherCp = AgentJar.plainClasses(agentJar) + File.pathSeparator + plugin + File.pathSeparator
                + testClasses;

        ChildRun listed = launcher(launcherCp, List.of("flags"));
        assertEquals(0, listed.exitCode(), listed.diagnostics());
        assertTrue(listed.stdout().contains("ThrowawayMarker") && listed.stdout().contains("a value the feature echoes"),
                listed.diagnostics());

        ChildRun typo = launcher(launcherCp, List.of("vm", "-XX:ThrowawayLevl=3", "-cp", testClasses, "Main"));
        assertEquals(2, typo.exitCode(), typo.diagnostics());
        assertTrue(typo.stderr().contains("did you mean -XX:ThrowawayLevel="), typo.diagnostics());

        Path marker = tmp.resolve("started.txt");
        Path record = tmp.resolve("args.txt");
        // a plug-in lives on the application's class path: the agent shares it (NUMAAgentApi)
        ChildRun started = launcher(launcherCp, List.of("vm", "-XX:+NUMAAgentApi", "-XX:+Throwaway", "-XX:ThrowawayLevel=3",
                "-XX:ThrowawayMarker=" + marker, "-cp", plugin + File.pathSeparator + testClasses,
                NamedThreadsProgram.class.getName(), record.toString(), "millis=10"));
        assertEquals(0, started.exitCode(), started.diagnostics());
        assertEquals("started level=3 topology=true threads=true", Files.readString(marker), started.diagnostics());
    }

    private static ChildRun launcher(String classPath, List<String> args) throws Exception {
        List<String> all = new ArrayList<>(args);
        return ChildJvm.current().classPath(classPath)
                .options("-D" + AgentJar.PROPERTY + "=" + System.getProperty("numa.agent.jar"))
                .main("com.numa.vm.Launcher", all)
                .env("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(2)).run();
    }
}
