package com.numa.profiler.groundtruth;

/** Each thread allocates, writes and reads only its own boxes and arrays: 0% shared by construction. */
public final class PrivateObjectsProgram implements Runnable {
    private final int rounds;

    PrivateObjectsProgram(int rounds) {
        this.rounds = rounds;
    }

    @Override
    public void run() {
        Box[] mine = new Box[100];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = new Box();
        }
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (Box b : mine) {
                b.ref = b;
                if (b.ref != null) {
                    n++;
                }
            }
        }
        if (n < 0) {
            System.out.println(n);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(new PrivateObjectsProgram(50), "private-" + i);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }
}
