package com.numa.spark;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaPairRDD;
import scala.Tuple2;

/**
 * page-rank: PageRank over a generated directed graph with Spark's pair RDDs (join, flatMap, reduceByKey per
 * iteration, 10 iterations), as Renaissance's page-rank runs it over its web graph. Checksum: the ranks of the first
 * 100 vertices, each to 6 digits.
 */
public final class PageRankDriver extends SparkJob {
    static final String NAME = "page-rank";
    private static final int VERTICES = 4000;
    private static final int OUT_LINKS = 6;
    private static final int ITERATIONS = 10;
    private static final double DAMPING = 0.85;

    private final JavaPairRDD<Integer, Iterable<Integer>> links;

    PageRankDriver(WorkloadArguments arguments) {
        super(NAME, arguments);
        int vertices = VERTICES * arguments.size().scale();
        SplittableRandom r = new SplittableRandom(17);
        List<Tuple2<Integer, Integer>> edges = new ArrayList<>();
        for (int v = 0; v < vertices; v++) {
            for (int k = 0; k < OUT_LINKS; k++) {
                // a skewed target: low-numbered vertices gather more links, as popular pages do
                int target = (int) (vertices * Math.pow(r.nextDouble(), 2));
                edges.add(new Tuple2<>(v, target));
            }
        }
        links = context.parallelizePairs(edges, partitions).distinct(partitions).groupByKey(partitions).cache();
        links.count();
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, PageRankDriver::new);
    }

    @Override
    public long iteration() {
        JavaPairRDD<Integer, Double> ranks = links.mapValues(v -> 1.0);
        for (int i = 0; i < ITERATIONS; i++) {
            ranks = links.join(ranks).values().flatMapToPair(PageRankDriver::contributions)
                    .reduceByKey(Double::sum, partitions).mapValues(sum -> 1 - DAMPING + DAMPING * sum);
        }
        Map<Integer, Double> first = ranks.filter(t -> t._1() < 100).collectAsMap();
        long sum = 0;
        for (int v = 0; v < 100; v++) {
            sum = 31 * sum + rounded(first.getOrDefault(v, 0.0), 6);
        }
        return sum;
    }

    /** What one page gives each page it links to: its rank shared equally. */
    private static java.util.Iterator<Tuple2<Integer, Double>> contributions(Tuple2<Iterable<Integer>, Double> page) {
        List<Tuple2<Integer, Double>> out = new ArrayList<>();
        int n = 0;
        for (Integer ignored : page._1()) {
            n++;
        }
        for (Integer target : page._1()) {
            out.add(new Tuple2<>(target, page._2() / n));
        }
        return out.iterator();
    }
}
