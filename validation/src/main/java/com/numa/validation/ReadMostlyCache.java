package com.numa.validation;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A price cache: main loads products into a ConcurrentHashMap, reader threads price random baskets from it, and one
 * writer updates a product's price every 20 ms. Arguments: readers (4), baskets per reader (400,000), products
 * (20,000).
 */
public final class ReadMostlyCache {
    static final class Product {
        final int sku;
        final double price;
        final double[] tierDiscounts;

        Product(int sku, double price, double[] tierDiscounts) {
            this.sku = sku;
            this.price = price;
            this.tierDiscounts = tierDiscounts;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int readers = Args.positive(args, 0, "readers", 4);
        int baskets = Args.positive(args, 1, "baskets per reader", 400_000);
        int products = Args.positive(args, 2, "products", 20_000);
        Map<Integer, Product> cache = new ConcurrentHashMap<>();
        for (int s = 0; s < products; s++) {
            cache.put(s, product(s, 1 + s % 500));
        }
        Thread[] workers = new Thread[readers];
        double[] totals = new double[readers];
        for (int r = 0; r < readers; r++) {
            int slot = r;
            workers[r] = new Thread(() -> totals[slot] = priceBaskets(cache, products, baskets, slot));
            workers[r].start();
        }
        Thread writer = new Thread(() -> {
            SplittableRandom random = new SplittableRandom(7);
            while (!Thread.currentThread().isInterrupted()) {
                int sku = random.nextInt(products);
                cache.put(sku, product(sku, 1 + random.nextInt(500)));
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "price-updater");
        writer.setDaemon(true);
        writer.start();
        double total = 0;
        for (int r = 0; r < readers; r++) {
            workers[r].join();
            total += totals[r];
        }
        writer.interrupt();
        System.out.printf("baskets=%d total=%.2f%n", (long) readers * baskets, total);
    }

    static Product product(int sku, double price) {
        double[] tiers = new double[4];
        for (int t = 0; t < tiers.length; t++) {
            tiers[t] = (sku + t) % 9 / 100.0;
        }
        return new Product(sku, price, tiers);
    }

    static double priceBaskets(Map<Integer, Product> cache, int products, int baskets, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double total = 0;
        for (int b = 0; b < baskets; b++) {
            double basket = 0;
            for (int item = 0; item < 4; item++) {
                Product p = cache.get(random.nextInt(products));
                int tier = random.nextInt(p.tierDiscounts.length);
                basket += p.price * (1 - p.tierDiscounts[tier]);
            }
            total += basket;
        }
        return total;
    }
}
