package com.numa.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A plain single-threaded batch job: main generates sales records, sorts them, groups them by region and prints a
 * summary; no thread of its own is started. Arguments: records (600,000), rounds (3).
 */
public final class SingleThreadedReport {
    static final class Sale {
        final String region;
        final long customer;
        final double amount;

        Sale(String region, long customer, double amount) {
            this.region = region;
            this.customer = customer;
            this.amount = amount;
        }
    }

    public static void main(String[] args) {
        int count = Args.positive(args, 0, "records", 600_000);
        int rounds = Args.positive(args, 1, "rounds", 3);
        String[] regions = {"north", "south", "east", "west", "centre"};
        double check = 0;
        for (int round = 0; round < rounds; round++) {
            List<Sale> sales = new ArrayList<>(count);
            long x = round + 1;
            for (int i = 0; i < count; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                sales.add(new Sale(regions[(int) ((x >>> 40) % regions.length)], (x >>> 20) % 50_000, (x >>> 45) / 100.0));
            }
            sales.sort(Comparator.comparingDouble((Sale s) -> s.amount).thenComparingLong(s -> s.customer));
            Map<String, double[]> byRegion = new HashMap<>();
            for (Sale s : sales) {
                double[] sumAndCount = byRegion.computeIfAbsent(s.region, r -> new double[2]);
                sumAndCount[0] += s.amount;
                sumAndCount[1]++;
            }
            for (double[] v : byRegion.values()) {
                check += v[0] / v[1];
            }
            check += sales.get(sales.size() / 2).amount;
        }
        System.out.printf("check=%.3f%n", check);
    }
}
