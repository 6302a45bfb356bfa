package com.numa.profiler.groundtruth;

import java.util.HashMap;
import java.util.Map;

/** Main fills a HashMap; 2 readers look every key up ROUNDS times. HashMap internals are JDK objects: side table. */
public final class HashMapProgram implements Runnable {
    static final int KEYS = 200;
    static final int ROUNDS = 20;
    private final Map<Integer, Box> map;
    private int found;

    HashMapProgram(Map<Integer, Box> map) {
        this.map = map;
    }

    @Override
    public void run() {
        Map<Integer, Box> m = map;
        int n = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int k = 0; k < KEYS; k++) {
                if (m.get(k) != null) {
                    n++;
                }
            }
        }
        found = n;
    }

    public static void main(String[] args) throws InterruptedException {
        Map<Integer, Box> map = new HashMap<>();
        for (int k = 0; k < KEYS; k++) {
            map.put(k, new Box());
        }
        Thread a = new Thread(new HashMapProgram(map), "map-reader-0");
        Thread b = new Thread(new HashMapProgram(map), "map-reader-1");
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
