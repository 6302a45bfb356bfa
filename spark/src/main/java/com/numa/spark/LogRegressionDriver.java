package com.numa.spark;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * log-regression: MLlib's logistic regression (L-BFGS, 20 iterations) fits generated points whose labels follow a known
 * linear model, as Renaissance's log-regression trains on its data set. Checksum: the coefficients to 5 digits.
 */
public final class LogRegressionDriver extends SparkJob {
    static final String NAME = "log-regression";
    private static final int POINTS = 4000;
    private static final int FEATURES = 12;

    private final Dataset<Row> points;

    LogRegressionDriver(WorkloadArguments arguments) {
        super(NAME, arguments);
        SplittableRandom r = new SplittableRandom(11);
        double[] truth = r.doubles(FEATURES, -1, 1).toArray();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < POINTS * arguments.size().scale(); i++) {
            double[] x = r.doubles(FEATURES, -1, 1).toArray();
            double margin = 0;
            for (int k = 0; k < FEATURES; k++) {
                margin += truth[k] * x[k];
            }
            double label = r.nextDouble() < 1 / (1 + Math.exp(-4 * margin)) ? 1 : 0;
            rows.add(RowFactory.create(label, Vectors.dense(x)));
        }
        points = cached(rows, LABELLED_POINTS);
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, LogRegressionDriver::new);
    }

    @Override
    public long iteration() {
        LogisticRegressionModel model = new LogisticRegression().setMaxIter(20).setRegParam(0.01).fit(points);
        long sum = 0;
        for (double c : model.coefficients().toArray()) {
            sum = 31 * sum + rounded(c, 5);
        }
        return sum;
    }
}
