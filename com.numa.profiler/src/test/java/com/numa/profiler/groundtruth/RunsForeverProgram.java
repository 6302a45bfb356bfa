package com.numa.profiler.groundtruth;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Never ends by itself: for the exit paths (SIGTERM, SIGINT, SIGKILL with periodic dumps). */
public final class RunsForeverProgram {
    public static void main(String[] args) throws InterruptedException {
        Map<Integer, Box> map = new ConcurrentHashMap<>();
        System.out.println("started");
        System.out.flush();
        for (int i = 0;; i++) {
            Box b = map.computeIfAbsent(i & 1023, k -> new Box());
            b.ref = b;
            if ((i & 0xFFFF) == 0) {
                Thread.sleep(1);
            }
        }
    }
}
