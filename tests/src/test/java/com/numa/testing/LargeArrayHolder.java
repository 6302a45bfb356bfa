package com.numa.testing;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.perfutil.locality.ObjectSamples;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Allocates and fills a 32 MiB long[] and keeps it until exit, past a few young collections: an object JFR's
 * old-object sampler reports, on heap pages the main thread touches first. With an argument, starts {@link ObjectSamples} itself, writing to that path at exit.
 */
public final class LargeArrayHolder {
    static final int LONGS = 4 << 20;
    private static long[] kept;
    private static volatile byte[] garbage;

    private LargeArrayHolder() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            ObjectSamples.start(Path.of(args[0]));
        }
        kept = allocate();
        long sum = 0;
        for (int i = 0; i < kept.length; i += 512) {
            sum += kept[i];
        }
        // JFR reports a sampled object only once a collection has swept its samples after it was allocated; on JDK 25
        // a System.gc() is not such a collection, young collections are: garbage makes some, as a program's would
        for (int i = 0; i < 300; i++) {
            garbage = new byte[1 << 20];
        }
        System.out.println("sum=" + sum);
    }

    /** Runs this program in a child JVM of the test's classpath, with the agent where {@code agentFlags} is not empty. */
    public static ChildRun run(List<String> agentFlags, List<String> args) throws IOException {
        ChildJvm child = ChildJvm.current().classPath(System.getProperty("java.class.path"));
        if (!agentFlags.isEmpty()) {
            child.agent(Path.of(System.getProperty("numa.agent.jar")), agentFlags);
        }
        return child.main(LargeArrayHolder.class.getName(), args).timeout(Duration.ofMinutes(2)).run();
    }

    static long[] allocate() {
        long[] a = new long[LONGS];
        java.util.Arrays.fill(a, 1);
        return a;
    }
}
