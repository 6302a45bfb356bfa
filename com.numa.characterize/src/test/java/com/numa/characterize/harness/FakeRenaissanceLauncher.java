package com.numa.characterize.harness;

import java.io.File;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.renaissance.Plugin;

/**
 * Test stand-in for Renaissance's launcher, written for these tests and the fake jar's main class: it accepts the
 * command line {@link RenaissanceSuite} builds ({@code --plugin <class path>!<class>} with {@code --with-arg}s,
 * {@code -r}, {@code -c}, {@code -o}, {@code --json}, one benchmark), loads each plugin in a class loader over its
 * class path whose parent is the launcher's own, and calls the listeners in the order the real harness does. A
 * benchmark whose metadata says {@code fails_last=true} fails validation on its last repetition.
 */
public final class FakeRenaissanceLauncher {

    private FakeRenaissanceLauncher() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, List<String>> plugins = new LinkedHashMap<>();
        String lastPlugin = null;
        int repetitions = 20;
        String configuration = "default";
        Map<String, String> overrides = new LinkedHashMap<>();
        Path json = null;
        List<String> benchmarks = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--plugin" -> {
                    lastPlugin = args[++i];
                    plugins.put(lastPlugin, new ArrayList<>());
                }
                case "--with-arg" -> plugins.get(lastPlugin).add(args[++i]);
                case "-r", "--repetitions" -> repetitions = Integer.parseInt(args[++i]);
                case "-c", "--configuration" -> configuration = args[++i];
                case "-o", "--override" -> {
                    String[] kv = args[++i].split("=", 2);
                    overrides.put(kv[0], kv[1]);
                }
                case "--json" -> json = Path.of(args[++i]);
                default -> {
                    if (args[i].startsWith("-")) {
                        System.err.println("fake renaissance: unknown option " + args[i]);
                        System.exit(1);
                    }
                    benchmarks.add(args[i]);
                }
            }
        }
        Properties metadata = new Properties();
        try (InputStream in = FakeRenaissanceLauncher.class.getClassLoader().getResourceAsStream("benchmarks.properties")) {
            metadata.load(in);
        }
        String bench = benchmarks.get(0);
        if (metadata.getProperty("benchmark." + bench + ".name") == null) {
            System.err.println("Benchmark (or group) '" + bench + "' does not exist.");
            System.exit(1);
        }
        List<Plugin> loaded = new ArrayList<>();
        for (Map.Entry<String, List<String>> p : plugins.entrySet()) {
            loaded.add(load(p.getKey(), p.getValue()));
        }
        System.out.println("fake renaissance: " + bench + " configuration=" + configuration + " overrides=" + overrides
                + " repetitions=" + repetitions);
        boolean failsLast = Boolean.parseBoolean(metadata.getProperty("benchmark." + bench + ".fails_last", "false"));
        List<Long> durations = new ArrayList<>();
        boolean failed = false;
        each(loaded, Plugin.AfterHarnessInitListener.class, l -> l.afterHarnessInit());
        each(loaded, Plugin.BeforeBenchmarkSetUpListener.class, l -> l.beforeBenchmarkSetUp(bench));
        each(loaded, Plugin.AfterBenchmarkSetUpListener.class, l -> l.afterBenchmarkSetUp(bench));
        for (int op = 0; op < repetitions; op++) {
            int index = op;
            boolean last = op == repetitions - 1;
            each(loaded, Plugin.AfterOperationSetUpListener.class, l -> l.afterOperationSetUp(bench, index, last));
            long t0 = System.nanoTime();
            Thread.sleep(5);
            long ns = System.nanoTime() - t0;
            each(loaded, Plugin.BeforeOperationTearDownListener.class, l -> l.beforeOperationTearDown(bench, index, ns));
            if (last && failsLast) {
                System.out.println("fake renaissance: " + bench + " repetition " + op + " failed validation");
                failed = true;
                break;
            }
            each(loaded, Plugin.MeasurementResultListener.class, l -> l.onMeasurementResult(bench, "uptime_ns", t0));
            each(loaded, Plugin.MeasurementResultListener.class, l -> l.onMeasurementResult(bench, "duration_ns", ns));
            durations.add(ns);
            System.out.printf("fake renaissance: %s repetition %d completed (%.3f ms)%n", bench, op, ns / 1e6);
        }
        each(loaded, Plugin.BeforeBenchmarkTearDownListener.class, l -> l.beforeBenchmarkTearDown(bench));
        each(loaded, Plugin.AfterBenchmarkTearDownListener.class, l -> l.afterBenchmarkTearDown(bench));
        if (failed) {
            each(loaded, Plugin.BenchmarkFailureListener.class, l -> l.onBenchmarkFailure(bench));
        }
        each(loaded, Plugin.BeforeHarnessShutdownListener.class, l -> l.beforeHarnessShutdown());
        if (json != null) {
            StringBuilder text = new StringBuilder("{\"benchmarks\":{\"" + bench + "\":[");
            for (int i = 0; i < durations.size(); i++) {
                text.append(i > 0 ? "," : "").append("{\"duration_ns\":").append(durations.get(i)).append('}');
            }
            Files.writeString(json, text.append("]}}\n"), StandardCharsets.UTF_8);
        }
        System.exit(failed ? 1 : 0);
    }

    private static Plugin load(String specifier, List<String> args) throws Exception {
        int bang = specifier.lastIndexOf('!');
        List<URL> urls = new ArrayList<>();
        for (String path : specifier.substring(0, bang).split(File.pathSeparator)) {
            urls.add(Path.of(path).toUri().toURL());
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), FakeRenaissanceLauncher.class.getClassLoader());
        Class<? extends Plugin> type = loader.loadClass(specifier.substring(bang + 1)).asSubclass(Plugin.class);
        try {
            Constructor<? extends Plugin> withArgs = type.getDeclaredConstructor(String[].class);
            return withArgs.newInstance((Object) args.toArray(String[]::new));
        } catch (NoSuchMethodException e) {
            return type.getDeclaredConstructor().newInstance();
        }
    }

    private interface Call<T> {
        void on(T listener);
    }

    private static <T> void each(List<Plugin> plugins, Class<T> kind, Call<T> call) {
        for (Plugin p : plugins) {
            if (kind.isInstance(p)) {
                call.on(kind.cast(p));
            }
        }
    }
}
