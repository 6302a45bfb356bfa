package com.numa.spark;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * als: MLlib's alternating least squares factorises generated user-item ratings (made from known rank-4 factors plus
 * noise), as Renaissance's als. Seeded, so every iteration learns the same factors. Checksum: the training RMSE to
 * 4 digits.
 */
public final class AlsDriver extends SparkJob {
    static final String NAME = "als";
    private static final int USERS = 400;
    private static final int ITEMS = 200;
    private static final int RANK = 4;
    private static final StructType RATINGS = new StructType()
            .add("user", DataTypes.IntegerType, false)
            .add("item", DataTypes.IntegerType, false)
            .add("rating", DataTypes.FloatType, false);

    private final Dataset<Row> ratings;

    AlsDriver(WorkloadArguments arguments) {
        super(NAME, arguments);
        SplittableRandom r = new SplittableRandom(7);
        int users = USERS * arguments.size().scale();
        double[][] u = new double[users][];
        double[][] v = new double[ITEMS][];
        for (int i = 0; i < users; i++) {
            u[i] = r.doubles(RANK, 0, 1).toArray();
        }
        for (int j = 0; j < ITEMS; j++) {
            v[j] = r.doubles(RANK, 0, 1).toArray();
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < users; i++) {
            for (int j = 0; j < ITEMS; j++) {
                if (r.nextInt(5) == 0) {
                    double dot = 0;
                    for (int k = 0; k < RANK; k++) {
                        dot += u[i][k] * v[j][k];
                    }
                    rows.add(RowFactory.create(i, j, (float) (dot + r.nextDouble(-0.1, 0.1))));
                }
            }
        }
        ratings = cached(rows, RATINGS);
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, AlsDriver::new);
    }

    @Override
    public long iteration() {
        ALSModel model = new ALS().setRank(RANK).setMaxIter(5).setRegParam(0.05).setSeed(42)
                .setNumBlocks(partitions).setUserCol("user").setItemCol("item").setRatingCol("rating").fit(ratings);
        double rmse = new RegressionEvaluator().setMetricName("rmse").setLabelCol("rating")
                .setPredictionCol("prediction").evaluate(model.transform(ratings));
        return rounded(rmse, 4);
    }
}
