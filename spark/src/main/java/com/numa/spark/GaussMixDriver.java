package com.numa.spark;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.clustering.GaussianMixture;
import org.apache.spark.ml.clustering.GaussianMixtureModel;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * gauss-mix: MLlib's Gaussian mixture (expectation-maximisation, seeded) recovers 3 clusters of generated points, as
 * Renaissance's gauss-mix. Checksum: the mixture weights, sorted, to 4 digits.
 */
public final class GaussMixDriver extends SparkJob {
    static final String NAME = "gauss-mix";
    private static final int POINTS = 3000;
    private static final int DIMENSIONS = 4;
    private static final double[] CENTRES = {-4, 0, 5};

    private final Dataset<Row> points;

    GaussMixDriver(WorkloadArguments arguments) {
        super(NAME, arguments);
        SplittableRandom r = new SplittableRandom(13);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < POINTS * arguments.size().scale(); i++) {
            double centre = CENTRES[i % CENTRES.length];
            double[] x = new double[DIMENSIONS];
            for (int k = 0; k < DIMENSIONS; k++) {
                x[k] = centre + r.nextDouble(-1, 1) + r.nextDouble(-1, 1);
            }
            rows.add(RowFactory.create(0.0, Vectors.dense(x)));
        }
        points = cached(rows, LABELLED_POINTS);
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, GaussMixDriver::new);
    }

    @Override
    public long iteration() {
        GaussianMixtureModel model = new GaussianMixture().setK(CENTRES.length).setMaxIter(15).setSeed(3).fit(points);
        double[] weights = model.weights().clone();
        Arrays.sort(weights);
        long sum = 0;
        for (double w : weights) {
            sum = 31 * sum + rounded(w, 4);
        }
        return sum;
    }
}
