package com.numa.vm;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * An application that bundles its own JNA and Jackson, in versions other than numa-jvm's, as many servers do: it calls
 * libc through its JNA, writes JSON with its Jackson, counts in four threads, and says which of numa-jvm's classes its
 * class loader can load ({@code visible=NAME}). Reflection only, so it compiles without those libraries; its class path
 * is its own class and the libraries (AgentIsolationEndToEndIT).
 */
public final class GuestProgram {
    /** Classes of the agent jar an application must never see: ours, and the libraries we bring. */
    static final List<String> AGENT_CLASSES = List.of("com.numa.opt.AwarenessThread",
            "com.numa.characterize.CharacterizeCommand", "org.knowm.xchart.XYChart", "com.numa.vm.NumaAgent",
            "com.numa.perfutil.session.PerfUtilFeature", "com.numa.shaded.jackson.databind.ObjectMapper");

    /** How long each worker stays alive after counting. */
    private static final long LINGER_MS = 500;

    private GuestProgram() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> nativeClass = Class.forName("com.sun.jna.Native");
        java.lang.reflect.Field version = nativeClass.getField("VERSION"); // declared in a package-private interface
        version.setAccessible(true);
        System.out.println("jna=" + version.get(null));
        Class<?> library = Class.forName("com.sun.jna.NativeLibrary");
        Object libc = library.getMethod("getInstance", String.class).invoke(null, "c");
        Object getpid = library.getMethod("getFunction", String.class).invoke(libc, "getpid");
        Method invokeInt = getpid.getClass().getMethod("invokeInt", Object[].class);
        System.out.println("getpid=" + invokeInt.invoke(getpid, (Object) new Object[0]));
        Object mapper = Class.forName("com.fasterxml.jackson.databind.ObjectMapper").getConstructor().newInstance();
        System.out.println("jackson=" + mapper.getClass().getMethod("version").invoke(mapper));
        for (String name : AGENT_CLASSES) {
            try {
                Class.forName(name);
                System.out.println("visible=" + name);
            } catch (ClassNotFoundException expected) {
                // what a guest must be
            }
        }
        long[] counts = new long[4 * 8];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int slot = t * 8;
            Thread w = new Thread(() -> {
                for (int i = 0; i < 3_000_000; i++) {
                    counts[slot]++;
                }
                try {
                    // alive long enough for PerfUtil's thread watch to see it even on a loaded machine
                    Thread.sleep(LINGER_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "guest-worker-" + t);
            threads.add(w);
            w.start();
        }
        for (Thread w : threads) {
            w.join();
        }
        System.out.println("sum=" + (counts[0] + counts[8] + counts[16] + counts[24]));
    }
}
