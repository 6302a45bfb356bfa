package com.numa.spark;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.classification.NaiveBayes;
import org.apache.spark.ml.classification.NaiveBayesModel;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;

/**
 * naive-bayes: MLlib's multinomial naive Bayes learns 4 classes of generated word-count vectors (each class favours its
 * own words) and classifies the training set again, as Renaissance's naive-bayes. Checksum: how many points it
 * classifies right, an integer, and the class priors to 6 digits.
 */
public final class NaiveBayesDriver extends SparkJob {
    static final String NAME = "naive-bayes";
    private static final int DOCUMENTS = 6000;
    private static final int WORDS = 40;
    private static final int CLASSES = 4;

    private final Dataset<Row> documents;

    NaiveBayesDriver(WorkloadArguments arguments) {
        super(NAME, arguments);
        SplittableRandom r = new SplittableRandom(5);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < DOCUMENTS * arguments.size().scale(); i++) {
            int label = r.nextInt(CLASSES);
            double[] counts = new double[WORDS];
            for (int w = 0; w < 30; w++) {
                int word = r.nextDouble() < 0.6 ? label * (WORDS / CLASSES) + r.nextInt(WORDS / CLASSES) : r.nextInt(WORDS);
                counts[word]++;
            }
            rows.add(RowFactory.create((double) label, Vectors.dense(counts)));
        }
        documents = cached(rows, LABELLED_POINTS);
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, NaiveBayesDriver::new);
    }

    @Override
    public long iteration() {
        NaiveBayesModel model = new NaiveBayes().setModelType("multinomial").setSmoothing(1.0).fit(documents);
        long right = model.transform(documents).filter(functions.col("prediction").equalTo(functions.col("label"))).count();
        long sum = right;
        for (double p : model.pi().toArray()) {
            sum = 31 * sum + rounded(p, 6);
        }
        return sum;
    }
}
