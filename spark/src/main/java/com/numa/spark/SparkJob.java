package com.numa.spark;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.Workload;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * What every Spark driver shares: one session for the whole run (its start-up is set-up, not an iteration), input
 * generated in this JVM and cached before the first iteration, and a checksum rounded so that the last bits of a
 * floating-point sum, which depend on the order tasks finish, do not change it.
 *
 * <p>The master is spark-submit's ({@code spark.master}, a standalone cluster's URL for instance) when there is one,
 * else {@code local[N]} for {@code threads=N}: N task threads in this JVM. The input is sliced into N partitions.
 */
abstract class SparkJob implements Workload {
    /** The schema of labelled points: a label and a feature vector (MLlib's estimators read these columns). */
    static final StructType LABELLED_POINTS = new StructType()
            .add("label", DataTypes.DoubleType, false)
            .add("features", SQLDataTypes.VectorType(), false);

    final SparkSession spark;
    final JavaSparkContext context;
    final int partitions;

    SparkJob(String application, WorkloadArguments arguments) {
        SparkSession.Builder builder = SparkSession.builder().appName(application)
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", String.valueOf(arguments.threads()));
        if (System.getProperty("spark.master") == null) {
            builder.master("local[" + arguments.threads() + "]");
        }
        spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        partitions = arguments.threads();
    }

    /** {@code rows} as a cached data set in {@link #partitions} slices, materialised now (at set-up). */
    Dataset<Row> cached(List<Row> rows, StructType schema) {
        Dataset<Row> data = spark.createDataFrame(context.parallelize(rows, partitions), schema).cache();
        data.count();
        return data;
    }

    /** A value's checksum bits at {@code digits} decimal digits. */
    static long rounded(double value, int digits) {
        return Math.round(value * Math.pow(10, digits));
    }

    @Override
    public void close() {
        spark.stop();
    }
}
