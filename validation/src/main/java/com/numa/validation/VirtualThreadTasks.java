package com.numa.validation;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs many small request handlers, one virtual thread each: a handler waits 1 ms (as for I/O), then checksums a
 * buffer of its own. Needs Java 21 or newer. The corpus is compiled for Java 17, so the executor is looked up at run
 * time (as a library supporting both would do); on an older Java the program says so and exits with status 3.
 * Arguments: requests (4,000), buffer size (60,000).
 */
public final class VirtualThreadTasks {
    public static void main(String[] args) throws Throwable {
        int requests = Args.positive(args, 0, "requests", 4_000);
        int size = Args.positive(args, 1, "buffer size", 60_000);
        ExecutorService executor;
        try {
            executor = (ExecutorService) MethodHandles.publicLookup()
                    .findStatic(Executors.class, "newVirtualThreadPerTaskExecutor", MethodType.methodType(ExecutorService.class))
                    .invoke();
        } catch (NoSuchMethodException e) {
            System.err.println("virtual threads need Java 21 or newer; this is Java " + Runtime.version().feature());
            System.exit(3);
            return;
        }
        List<Future<Long>> handled = new ArrayList<>();
        for (int r = 0; r < requests; r++) {
            int request = r;
            handled.add(executor.submit(() -> handle(request, size)));
        }
        long checksum = 0;
        for (Future<Long> f : handled) {
            checksum += get(f);
        }
        executor.shutdown();
        System.out.println("requests=" + requests + " checksum=" + checksum);
    }

    private static long get(Future<Long> f) throws InterruptedException, ExecutionException {
        return f.get();
    }

    static long handle(int request, int size) throws InterruptedException {
        Thread.sleep(1);
        byte[] buffer = new byte[size];
        for (int i = 0; i < size; i++) {
            buffer[i] = (byte) (i * 31 + request);
        }
        long a = 1;
        long b = 0;
        for (int round = 0; round < 4; round++) {
            for (byte v : buffer) {
                a = (a + (v & 0xFF)) % 65521;
                b = (b + a) % 65521;
            }
        }
        return b << 16 | a;
    }
}
