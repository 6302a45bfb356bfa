package com.numa.profiler.groundtruth;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.core.topology.CpuSet;

/**
 * On the emulated topology (pseudo-node 0 = CPU 0, pseudo-node 1 = CPU 1): main, pinned to CPU 0, allocates 100 boxes;
 * "near" (pinned to CPU 0) and "far" (pinned to CPU 1) each read them ROUNDS times. Every access by "far" to main's
 * objects is predicted remote, none by "near".
 */
public final class RemoteAccessProgram implements Runnable {
    static final int BOXES = 100;
    static final int ROUNDS = 20;
    private final Box[] boxes;
    private final int cpu;

    RemoteAccessProgram(Box[] boxes, int cpu) {
        this.boxes = boxes;
        this.cpu = cpu;
    }

    @Override
    public void run() {
        LinuxSyscalls.schedSetaffinity(0, CpuSet.of(cpu).toMask());
        Box[] bs = boxes;
        int n = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < BOXES; i++) {
                if (bs[i].ref == null) {
                    n++;
                }
            }
        }
        if (n < 0) {
            System.out.println(n);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        LinuxSyscalls.schedSetaffinity(0, CpuSet.of(0).toMask());
        Box[] boxes = new Box[BOXES];
        for (int i = 0; i < BOXES; i++) {
            boxes[i] = new Box();
        }
        Thread near = new Thread(new RemoteAccessProgram(boxes, 0), "near");
        Thread far = new Thread(new RemoteAccessProgram(boxes, 1), "far");
        near.start();
        far.start();
        near.join();
        far.join();
    }
}
