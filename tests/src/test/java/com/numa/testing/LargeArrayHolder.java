package com.numa.testing;

import com.numa.perfutil.locality.ObjectSamples;
import java.nio.file.Path;

/**
 * Allocates and fills a 32 MiB long[] and keeps it until exit, past a collection: an object JFR's old-object sampler
 * reports, on heap pages the main thread touches first. With an argument, starts {@link ObjectSamples} itself, writing to that path at exit.
 */
public final class LargeArrayHolder {
    static final int LONGS = 4 << 20;
    private static long[] kept;

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
        System.gc(); // JFR reports a sampled object only once it has survived a collection
        System.out.println("sum=" + sum);
    }

    static long[] allocate() {
        long[] a = new long[LONGS];
        java.util.Arrays.fill(a, 1);
        return a;
    }
}
