package com.numa.vm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The application the end-to-end tests start under the launcher: writes the arguments it received (one per line) to
 * the file named by its first argument, runs two named CPU-bound threads for a while, and exits with the code given as
 * {@code exit=N} (0 by default). {@code pid=PATH} writes its process id there once the workers run, and {@code hold=PATH} keeps
 * the program alive until that file exists (for attach). {@code rename=NAME} renames the main thread first, as Jython does (MainThread).
 */
public final class NamedThreadsProgram {
    static final List<String> WORKERS = List.of("e2e-worker-alpha", "e2e-worker-beta");

    private NamedThreadsProgram() {
    }

    public static void main(String[] args) throws Exception {
        Path record = Path.of(args[0]);
        Files.write(record, Arrays.asList(args).subList(1, args.length));
        int exit = 0;
        long millis = 300;
        for (String a : args) {
            if (a.startsWith("exit=")) {
                exit = Integer.parseInt(a.substring(5));
            } else if (a.startsWith("rename=")) {
                Thread.currentThread().setName(a.substring(7));
            } else if (a.startsWith("millis=")) {
                millis = Long.parseLong(a.substring(7));
            }
        }
        long deadline = System.nanoTime() + millis * 1_000_000L;
        List<Thread> threads = new ArrayList<>();
        long[] sink = new long[WORKERS.size()];
        for (int i = 0; i < WORKERS.size(); i++) {
            int id = i;
            Thread t = new Thread(() -> {
                long x = id;
                while (System.nanoTime() < deadline) {
                    for (int k = 0; k < 100_000; k++) {
                        x = x * 6364136223846793005L + 1442695040888963407L;
                    }
                }
                sink[id] = x;
            }, WORKERS.get(i));
            threads.add(t);
            t.start();
        }
        for (String a : args) {
            if (a.startsWith("pid=")) {
                Files.writeString(Path.of(a.substring(4)), Long.toString(ProcessHandle.current().pid()));
            }
        }
        for (Thread t : threads) {
            t.join();
        }
        for (String a : args) {
            long limit = System.nanoTime() + 120_000_000_000L;
            while (a.startsWith("hold=") && !Files.exists(Path.of(a.substring(5))) && System.nanoTime() < limit) {
                Thread.sleep(20);
            }
        }
        System.out.println("NamedThreadsProgram done " + (sink[0] ^ sink[1]));
        System.exit(exit);
    }
}
