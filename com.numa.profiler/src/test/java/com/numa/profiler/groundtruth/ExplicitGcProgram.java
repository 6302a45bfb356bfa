package com.numa.profiler.groundtruth;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/**
 * Phases separated by explicit GCs, each phase reading 100 boxes a known number of times (phase k: 100 * 10^k reads
 * of Box.ref), then a phase after stopping and restarting through the MBean. With -XX:NUMAProfilerExplicitGCThreshold=2
 * only phase 2 (and what the MBean window allows) counts.
 */
public final class ExplicitGcProgram {
    static int read(Box[] boxes, int rounds) {
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (Box b : boxes) {
                if (b.ref == null) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Entry marks for -XX:NUMAProfilerStartAt / -XX:NUMAProfilerStopAt. */
    static void beginMeasure() {
    }

    static void endMeasure() {
    }

    public static void main(String[] args) throws Exception {
        Box[] boxes = new Box[100];
        for (int i = 0; i < boxes.length; i++) {
            boxes[i] = new Box();
        }
        int n = read(boxes, 1); // phase 0: 100 box reads (plus array reads)
        System.gc();
        beginMeasure();
        n += read(boxes, 10); // phase 1
        endMeasure();
        Runtime.getRuntime().gc();
        n += read(boxes, 100); // phase 2: counted once the threshold of 2 is reached
        if (args.length > 0 && args[0].equals("mbean")) {
            ObjectName name = new ObjectName("com.numa:type=NUMAProfiler");
            var server = ManagementFactory.getPlatformMBeanServer();
            server.invoke(name, "stop", null, null);
            n += read(boxes, 1000); // not counted
            server.invoke(name, "start", null, null);
            n += read(boxes, 3); // counted
            server.invoke(name, "dump", null, null);
        }
        System.out.println("sum " + n);
    }
}
