package com.numa.bench.workloads;

/** Two threads each multiply dense 160×160 double matrices: primitive array accesses, row loads are references. */
final class MatrixMultiply {
    private static final int N = 160;

    private MatrixMultiply() {
    }

    static long run(double scale) throws InterruptedException {
        return WorkerThreads.sum("workload-", 2, k -> multiply(scale));
    }

    private static long multiply(double scale) {
        double[][] a = new double[N][N];
        double[][] b = new double[N][N];
        double[][] c = new double[N][N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                a[i][j] = i + j;
                b[i][j] = i - j;
            }
        }
        int reps = Math.max(1, (int) (400 * scale));
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < N; i++) {
                double[] ai = a[i];
                double[] ci = c[i];
                for (int k = 0; k < N; k++) {
                    double aik = ai[k];
                    double[] bk = b[k];
                    for (int j = 0; j < N; j++) {
                        ci[j] += aik * bk[j];
                    }
                }
            }
        }
        return (long) c[N / 2][N / 3];
    }
}
