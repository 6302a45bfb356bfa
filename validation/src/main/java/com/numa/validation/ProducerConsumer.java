package com.numa.validation;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * One producer reads samples (generated here) into batches and puts them on a bounded BlockingQueue; consumers take
 * the batches and compute their statistics, the expensive part. Arguments: consumers (2), batches (60,000), batch size
 * (32).
 */
public final class ProducerConsumer {
    static final class Batch {
        final long id;
        final double[] samples;

        Batch(long id, double[] samples) {
            this.id = id;
            this.samples = samples;
        }
    }

    private static final Batch END = new Batch(-1, new double[0]);

    public static void main(String[] args) throws InterruptedException {
        int consumers = Args.positive(args, 0, "consumers", 2);
        int batches = Args.positive(args, 1, "batches", 60_000);
        int size = Args.positive(args, 2, "batch size", 32);
        BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(256);
        double[] results = new double[consumers];
        Thread producer = new Thread(() -> {
            try {
                for (long b = 0; b < batches; b++) {
                    double[] samples = new double[size];
                    for (int i = 0; i < size; i++) {
                        samples[i] = (b * 31 + i) % 1000 / 7.0;
                    }
                    queue.put(new Batch(b, samples));
                }
                for (int c = 0; c < consumers; c++) {
                    queue.put(END);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "producer");
        Thread[] workers = new Thread[consumers];
        for (int c = 0; c < consumers; c++) {
            int slot = c;
            workers[c] = new Thread(() -> {
                double sum = 0;
                try {
                    for (Batch b = queue.take(); b != END; b = queue.take()) {
                        sum += statistics(b);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                results[slot] = sum;
            }, "consumer-" + c);
            workers[c].start();
        }
        producer.start();
        producer.join();
        double total = 0;
        for (int c = 0; c < consumers; c++) {
            workers[c].join();
            total += results[c];
        }
        System.out.printf("batches=%d result=%.3f%n", batches, total);
    }

    /** Mean, deviation and a smoothed spectrum-like score of a batch: the work a consumer does. */
    static double statistics(Batch b) {
        double mean = 0;
        for (double v : b.samples) {
            mean += v;
        }
        mean /= b.samples.length;
        double score = 0;
        for (int k = 1; k <= 6; k++) {
            double re = 0;
            for (int i = 0; i < b.samples.length; i++) {
                re += (b.samples[i] - mean) * Math.cos(k * i * 0.19634954);
            }
            score += Math.sqrt(Math.abs(re));
        }
        return score;
    }
}
