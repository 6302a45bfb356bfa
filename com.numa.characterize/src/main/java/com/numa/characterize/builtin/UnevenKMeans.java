package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;
import java.util.Arrays;

/**
 * Imbalanced (ISMM'23 §4.1.4) with Read-Only Dependencies (§4.2.3), after fj-kmeans: Lloyd's k-means where each of
 * {@code threads=} workers assigns its own points to the nearest of K shared centroids, and main recomputes the
 * centroids between rounds.
 *
 * <p>The paper traces fj-kmeans' imbalance to sub-tasks of unequal size that work stealing fails to even out. Stealing
 * on our small inputs would even them out, so the partition is fixed by worker index instead: the first half of the
 * workers (rounded down) own three times as many points as the rest. Per-worker work then has a coefficient of
 * variation of 50% (two workers) to 57% (three), whatever the scheduler does.
 *
 * <p>Every point visit reads all K centroids, which main built: K shared reads against one private read of the point
 * (about 89% shared reads); workers write only their own partial sums, so shared writes stay near zero.
 */
public final class UnevenKMeans implements Workload {
    static final String NAME = "uneven-kmeans";
    static final int CLUSTERS = 8;
    static final int HEAVY_WEIGHT = 3;
    private static final int POINTS_PER_WEIGHT = 20_000;
    private static final int ROUNDS = 60;

    /** A point of a worker's partition; its coordinates are primitives, so only the reference to it is profiled. */
    private static final class Point {
        final double x;
        final double y;

        Point(double x, double y) {
            this.x = x;
            this.y = y;
        }
    }

    /** A cluster centre of one round, built by main and read by every worker. */
    private static final class Centroid {
        final double x;
        final double y;

        Centroid(double x, double y) {
            this.x = x;
            this.y = y;
        }
    }

    /** A worker's sums for one round: x, y and count per cluster, written only by its worker. */
    private static final class Partial {
        final double[] sums = new double[3 * CLUSTERS];
    }

    private final WorkerCrew crew;
    private final Point[][] partitions;
    private final Partial[] partials;
    private final int rounds;
    private volatile Centroid[] centroids;

    UnevenKMeans(WorkloadArguments arguments) {
        rounds = ROUNDS * arguments.size().scale();
        int workers = arguments.threads();
        crew = new WorkerCrew(NAME, workers);
        partitions = new Point[workers][];
        partials = new Partial[workers];
        Setup.interruptibly(() -> crew.round(k -> {
            partitions[k] = partition(k, weight(k, workers) * POINTS_PER_WEIGHT);
            partials[k] = new Partial();
            return 0;
        }));
    }

    /** The fixed, unequal partition: the first half of the workers (rounded down) carry the heavy weight. */
    static int weight(int worker, int workers) {
        return worker < workers / 2 ? HEAVY_WEIGHT : 1;
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, UnevenKMeans::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        Centroid[] cs = initialCentroids();
        for (int r = 0; r < rounds; r++) {
            centroids = cs;
            crew.round(this::assign);
            cs = recompute(cs);
        }
        long digest = 0;
        for (Centroid c : cs) {
            digest = Mix.next(digest ^ Double.doubleToLongBits(c.x) ^ Long.rotateLeft(Double.doubleToLongBits(c.y), 32));
        }
        return digest;
    }

    /** Worker k's part of a round: nearest centroid of each of its points, summed into its own partial. */
    private long assign(int k) {
        Centroid[] cs = centroids;
        Point[] points = partitions[k];
        double[] sums = partials[k].sums;
        Arrays.fill(sums, 0);
        for (Point p : points) {
            int best = 0;
            double bestDistance = Double.MAX_VALUE;
            for (int c = 0; c < cs.length; c++) {
                Centroid centroid = cs[c];
                double dx = p.x - centroid.x;
                double dy = p.y - centroid.y;
                double d = dx * dx + dy * dy;
                if (d < bestDistance) {
                    bestDistance = d;
                    best = c;
                }
            }
            sums[3 * best] += p.x;
            sums[3 * best + 1] += p.y;
            sums[3 * best + 2] += 1;
        }
        return 0;
    }

    /** Main's serial step: the new centres from the workers' sums, in worker order (so the result is exact). */
    private Centroid[] recompute(Centroid[] previous) {
        double[] total = new double[3 * CLUSTERS];
        for (Partial p : partials) {
            for (int i = 0; i < total.length; i++) {
                total[i] += p.sums[i];
            }
        }
        Centroid[] next = new Centroid[CLUSTERS];
        for (int c = 0; c < CLUSTERS; c++) {
            double n = total[3 * c + 2];
            next[c] = n == 0 ? previous[c] : new Centroid(total[3 * c] / n, total[3 * c + 1] / n);
        }
        return next;
    }

    private static Centroid[] initialCentroids() {
        Centroid[] cs = new Centroid[CLUSTERS];
        for (int c = 0; c < CLUSTERS; c++) {
            cs[c] = new Centroid(c, (c * 7) % CLUSTERS);
        }
        return cs;
    }

    /** {@code count} points scattered around CLUSTERS centres, the same for a given worker index. */
    private static Point[] partition(int worker, int count) {
        Point[] points = new Point[count];
        long s = Mix.next(worker + 1L);
        for (int i = 0; i < count; i++) {
            s = Mix.next(s);
            int centre = (int) Long.remainderUnsigned(s, CLUSTERS);
            double jitterX = (s >>> 40 & 0xFFFF) / 65536.0;
            double jitterY = (s >>> 20 & 0xFFFF) / 65536.0;
            points[i] = new Point(centre * 3 + jitterX, (centre % 3) * 3 + jitterY);
        }
        return points;
    }

    @Override
    public void close() {
        crew.close();
    }
}
