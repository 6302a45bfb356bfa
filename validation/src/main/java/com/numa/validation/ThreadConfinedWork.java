package com.numa.validation;

/**
 * Each thread multiplies matrices it made itself, touching nothing another thread touches, and adds its trace to one
 * shared result at the very end. Arguments: threads (4), matrix size (160), multiplications per thread (10).
 */
public final class ThreadConfinedWork {
    private static double result;

    public static void main(String[] args) throws InterruptedException {
        int threads = Args.positive(args, 0, "threads", 4);
        int n = Args.positive(args, 1, "matrix size", 160);
        int rounds = Args.positive(args, 2, "multiplications per thread", 10);
        Object lock = new Object();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int seed = t;
            workers[t] = new Thread(() -> {
                double trace = multiplyOwnMatrices(seed, n, rounds);
                synchronized (lock) {
                    result += trace;
                }
            });
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        System.out.printf("trace sum=%.4f%n", result);
    }

    static double multiplyOwnMatrices(int seed, int n, int rounds) {
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = ((i * 7 + j * 3 + seed) % 11) / 11.0;
                b[i][j] = ((i * 5 + j + seed) % 13) / 13.0;
            }
        }
        double[][] c = new double[n][n];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) {
                double[] ci = c[i];
                for (int k = 0; k < n; k++) {
                    double aik = a[i][k];
                    double[] bk = b[k];
                    for (int j = 0; j < n; j++) {
                        ci[j] += aik * bk[j];
                    }
                }
            }
            double[][] swap = a;
            a = c;
            c = swap;
            for (double[] row : c) {
                java.util.Arrays.fill(row, 0);
            }
            for (double[] row : a) {
                for (int j = 0; j < n; j++) {
                    row[j] /= n;
                }
            }
        }
        double trace = 0;
        for (int i = 0; i < n; i++) {
            trace += a[i][i];
        }
        return trace;
    }
}
