package com.numa.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * Totals a list of orders with a parallel stream, several times (as a report refreshes): the common pool's threads and
 * main itself share the work, and all of them read the orders main created. Arguments: orders (400,000), passes (8).
 */
public final class ParallelStreamOrders {
    static final class Order {
        final long id;
        final double price;
        final int quantity;
        final double[] discounts;

        Order(long id, double price, int quantity, double[] discounts) {
            this.id = id;
            this.price = price;
            this.quantity = quantity;
            this.discounts = discounts;
        }

        double total() {
            double t = price * quantity;
            for (double d : discounts) {
                t = t * (1 - d) + Math.sqrt(t) * 1e-9;
            }
            return t;
        }
    }

    public static void main(String[] args) {
        int count = Args.positive(args, 0, "orders", 400_000);
        int passes = Args.positive(args, 1, "passes", 8);
        List<Order> orders = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double[] discounts = new double[8];
            for (int d = 0; d < discounts.length; d++) {
                discounts[d] = ((i + d) % 7) / 100.0;
            }
            orders.add(new Order(i, 1 + (i % 1000) / 10.0, 1 + i % 5, discounts));
        }
        double revenue = 0;
        for (int p = 0; p < passes; p++) {
            int minimum = p % 3;
            revenue += orders.parallelStream().filter(o -> o.quantity > minimum).mapToDouble(Order::total).sum();
        }
        System.out.printf("revenue=%.2f%n", revenue);
    }
}
