package com.numa.characterize.harness;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import org.dacapo.harness.Callback;
import org.dacapo.harness.CommandLineArgs;

/**
 * Test stand-in for DaCapo's harness, written for these tests: it accepts the command line {@link DacapoSuite} builds
 * ({@code -c <callback> -n <iterations> [-t <threads>] [-s <size>] <bench>}), instantiates the callback the way
 * DaCapo does (by name, through its {@code CommandLineArgs} constructor) and drives it through start, stop and
 * complete per iteration, printing one result line per iteration on stderr in DaCapo's format. The fake jar's
 * {@code Harness} main calls {@link #main}.
 */
public final class FakeDacapoHarness {
    private static final String VERSION = "23.11-chopin";

    private FakeDacapoHarness() {
    }

    public static void main(String[] args) throws Exception {
        String callbackName = null;
        String size = "default";
        String threads = "0";
        int iterations = 1;
        List<String> benchmarks = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-c" -> callbackName = args[++i];
                case "-n" -> iterations = Integer.parseInt(args[++i]);
                case "-t" -> threads = args[++i];
                case "-s" -> size = args[++i];
                default -> {
                    if (args[i].startsWith("-")) {
                        System.err.println("fake dacapo: unknown option " + args[i]);
                        System.exit(4);
                    }
                    benchmarks.add(args[i]);
                }
            }
        }
        if (benchmarks.size() != 1 || callbackName == null || iterations < 1) {
            System.err.println("fake dacapo: expected -c <callback> -n <n> <bench>");
            System.exit(4);
        }
        String bench = benchmarks.get(0);
        if (FakeDacapoHarness.class.getClassLoader().getResource("META-INF/cnf/" + bench + ".cnf") == null) {
            System.err.println("Unknown benchmark: " + bench);
            System.exit(9);
        }
        Constructor<CommandLineArgs> parsed = CommandLineArgs.class.getDeclaredConstructor(String[].class);
        parsed.setAccessible(true);
        CommandLineArgs commandLine = parsed.newInstance((Object) args);
        Callback callback = (Callback) Class.forName(callbackName).getConstructor(CommandLineArgs.class).newInstance(commandLine);
        System.out.println("fake dacapo: " + bench + " size=" + commandLine.getSize() + " threads=" + threads
                + " iterations=" + commandLine.getIterations());
        int done = 0;
        do {
            done++;
            callback.start(bench);
            long t0 = System.currentTimeMillis();
            work(Math.max(1, Integer.parseInt(threads)));
            long ms = System.currentTimeMillis() - t0;
            callback.stop(ms);
            boolean warmup = callback.isWarmup();
            callback.complete(bench, true);
            System.err.println("===== DaCapo " + VERSION + " " + bench + (warmup ? " completed warmup " + done + " " : " PASSED ")
                    + "in " + ms + " msec =====");
        } while (callback.runAgain());
        System.exit(0);
    }

    /** A few milliseconds of work on {@code threads} threads, so that every iteration has a positive duration. */
    private static void work(int threads) throws InterruptedException {
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
    }
}
