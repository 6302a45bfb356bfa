package com.numa.profiler.groundtruth;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What hung Jython under the profiler: new threads whose first instrumented code is a
 * ConcurrentHashMap and whose first steps load classes, here through a fresh class loader and a started process (whose
 * "process reaper" thread is the JDK's own and starts inside a ConcurrentHashMap operation). One thread class overrides
 * {@code getId} with instrumented code, which the profiler called to find the thread's state, re-entering itself until
 * the stack overflowed. Prints the same lines with and without the agent.
 */
public final class ThreadStartupProgram {
    static final int THREADS = 4;

    public static void main(String[] args) throws Exception {
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            String name = "starter-" + i;
            Runnable r = () -> seen.put(name, work(name));
            threads.add(i % 2 == 0 ? new Thread(r, name) : new NumberedThread(r, name, (long) i));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        for (int i = 0; i < THREADS; i++) {
            System.out.println("starter-" + i + " " + seen.get("starter-" + i));
        }
    }

    /** A thread subclass with its own numbering, as interpreters and frameworks have. */
    static final class NumberedThread extends Thread {
        private final Long number;

        NumberedThread(Runnable r, String name, Long number) {
            super(r, name);
            this.number = number;
        }

        @Override
        @SuppressWarnings("deprecation")
        public long getId() {
            return number;
        }
    }

    /** A ConcurrentHashMap first, then class loading through a new loader, then a child process. */
    private static int work(String name) {
        Map<String, String> local = new ConcurrentHashMap<>();
        local.put(name, name);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {
            ThreadStartupProgram.class.getProtectionDomain().getCodeSource().getLocation()}, null)) {
            Class<?> c = Class.forName(Box.class.getName(), true, loader);
            Process p = new ProcessBuilder("true").start();
            return p.waitFor() + local.size() + (c.getName().equals(Box.class.getName()) ? 1 : 0);
        } catch (Exception e) {
            return -1;
        }
    }
}
