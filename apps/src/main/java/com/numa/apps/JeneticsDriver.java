package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import io.jenetics.DoubleChromosome;
import io.jenetics.DoubleGene;
import io.jenetics.Genotype;
import io.jenetics.GaussianMutator;
import io.jenetics.MeanAlterer;
import io.jenetics.Optimize;
import io.jenetics.Phenotype;
import io.jenetics.TournamentSelector;
import io.jenetics.engine.Engine;
import io.jenetics.engine.EvolutionResult;
import io.jenetics.engine.Evaluators;
import io.jenetics.util.RandomRegistry;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * future-genetic: a Jenetics engine evolves the coefficients of a polynomial to fit generated points, its fitness
 * evaluated concurrently on N threads (Renaissance's future-genetic runs Jenetics with futures). Selection and
 * alteration run on the main thread with a seeded random, and fitness is a pure function, so the best fitness found,
 * the checksum, is the same every iteration and for every thread count.
 */
public final class JeneticsDriver implements Workload {
    static final String NAME = "future-genetic";
    private static final int DEGREE = 7;
    private static final int POINTS = 600;
    private static final int POPULATION = 200;
    private static final int GENERATIONS = 80;

    private final WorkerPool workers;
    private final double[] xs;
    private final double[] ys;

    JeneticsDriver(WorkloadArguments arguments) {
        int points = POINTS * arguments.size().scale();
        SplittableRandom r = new SplittableRandom(3);
        xs = new double[points];
        ys = new double[points];
        for (int i = 0; i < points; i++) {
            xs[i] = -1 + 2.0 * i / points;
            ys[i] = Math.sin(3 * xs[i]) + 0.5 * Math.cos(7 * xs[i]) + r.nextDouble(-0.05, 0.05);
        }
        workers = new WorkerPool(NAME, arguments.threads());
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, JeneticsDriver::new);
    }

    @Override
    public long iteration() {
        Engine<DoubleGene, Double> engine = new Engine.Builder<>(
                Evaluators.<DoubleGene, Double>concurrent(this::error, workers.executor()),
                Genotype.of(DoubleChromosome.of(-3, 3, DEGREE + 1)))
                .executor(Runnable::run) // selection and alteration on this thread: deterministic with the seeded random
                .optimize(Optimize.MINIMUM)
                .populationSize(POPULATION)
                .survivorsSelector(new TournamentSelector<>(3))
                .offspringSelector(new TournamentSelector<>(3))
                .alterers(new MeanAlterer<>(0.3), new GaussianMutator<>(0.15))
                .build();
        Phenotype<DoubleGene, Double> best = RandomRegistry.with(new Random(17), random ->
                engine.stream().limit(GENERATIONS).collect(EvolutionResult.toBestPhenotype()));
        return Double.doubleToLongBits(best.fitness());
    }

    /** Sum of squared errors of the polynomial the genotype's genes are the coefficients of. */
    private double error(Genotype<DoubleGene> g) {
        DoubleChromosome c = g.chromosome().as(DoubleChromosome.class);
        double[] coefficients = c.toArray();
        double sum = 0;
        for (int i = 0; i < xs.length; i++) {
            double y = 0;
            for (int k = coefficients.length - 1; k >= 0; k--) {
                y = y * xs[i] + coefficients[k];
            }
            double e = y - ys[i];
            sum += e * e;
        }
        return sum;
    }

    @Override
    public void close() {
        workers.close();
    }
}
