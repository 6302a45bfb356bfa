package com.numa.profiler.groundtruth;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * Four virtual threads (JDK 21+) named vt-0..vt-3, each doing what a {@link PrivateObjectsProgram} thread does for
 * {@link #ROUNDS} rounds, yielding its carrier between rounds so that it may resume on another one. Prints, per virtual
 * thread, whether {@code Thread.currentThread()} inside it is virtual. Written against JDK 17's API (reflection), so
 * the test sources compile on both JDKs.
 */
public final class VirtualThreadsProgram {
    public static final int THREADS = 4;
    public static final int ROUNDS = 20;

    public static void main(String[] args) throws Exception {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        Class<?> builderType = Class.forName("java.lang.Thread$Builder");
        builder = builderType.getMethod("name", String.class, long.class).invoke(builder, "vt-", 0L);
        ThreadFactory factory = (ThreadFactory) builderType.getMethod("factory").invoke(builder);
        java.lang.reflect.Method isVirtual = Thread.class.getMethod("isVirtual");
        List<Thread> threads = new ArrayList<>();
        List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < THREADS; i++) {
            threads.add(factory.newThread(() -> {
                PrivateObjectsProgram work = new PrivateObjectsProgram(1);
                for (int r = 0; r < ROUNDS; r++) {
                    work.run();
                    Thread.yield();
                }
                try {
                    lines.add(Thread.currentThread().getName() + " virtual=" + isVirtual.invoke(Thread.currentThread()));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        lines.stream().sorted().forEach(System.out::println);
    }
}
