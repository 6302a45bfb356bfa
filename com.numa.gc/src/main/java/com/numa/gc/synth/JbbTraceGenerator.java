package com.numa.gc.synth;

import com.numa.core.trace.TraceWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;

/**
 * A synthetic trace shaped like SPECjbb: a loader thread builds the database (a shared item catalog and, per
 * warehouse, a warehouse object and its customers), then one thread per warehouse runs transactions. A transaction
 * allocates a short-lived order with order lines pointing at catalog items, reads those items (shared, read-mostly
 * data), reads and updates one of its customers, sometimes updates its warehouse, and sometimes files the order in
 * the customer's history, which keeps it alive for a while. The long-lived customers are allocated by the loader but
 * written by their warehouse thread: where they should live is known only after they have been used.
 */
public final class JbbTraceGenerator {
    /** Sizes of the generated workload. */
    public record Config(int warehouseThreads, int customersPerWarehouse, int catalogItems, int transactionsPerThread,
            long seed) {
        public Config {
            if (warehouseThreads < 1 || customersPerWarehouse < 1 || catalogItems < 1 || transactionsPerThread < 0) {
                throw new IllegalArgumentException("jbb needs at least 1 warehouse thread, customer and catalog item");
            }
            if (catalogItems > 0xFFFF || customersPerWarehouse > 0xFFFF) {
                throw new IllegalArgumentException("at most 65535 catalog items and customers per warehouse");
            }
        }

        /** The defaults of {@code gc-replay --synthetic jbb}. */
        public static Config defaults(int warehouseThreads) {
            return new Config(warehouseThreads, 200, 1000, 25_000, 42);
        }
    }

    static final int LOADER = 0;
    private static final int HISTORY = 4;
    /** Transactions a thread runs back to back before the next thread's turn: a scheduling quantum. */
    private static final int BURST = 4;
    private static final int SITE_ITEM = 1, SITE_CATALOG = 2, SITE_WAREHOUSE = 3, SITE_CUSTOMER = 4, SITE_ORDER = 5,
            SITE_LINE = 6;

    private final Config config;
    private final SplittableRandom random;
    private long nextId = 1;
    private long[] items;
    private long[][] customers;
    private long[] warehouses;
    private int[][] historyNext;

    public JbbTraceGenerator(Config config) {
        this.config = config;
        this.random = new SplittableRandom(config.seed());
    }

    /** The whole trace in memory (a few tens of MB for the defaults). */
    public static byte[] generate(Config config) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
        try (TraceWriter w = new TraceWriter(out)) {
            new JbbTraceGenerator(config).write(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Writes the trace (without closing the writer). */
    public void write(TraceWriter w) throws IOException {
        load(w);
        int threads = config.warehouseThreads();
        for (int t = 1; t <= threads; t++) {
            w.threadStart(t, -1);
        }
        int[] done = new int[threads + 1];
        int remaining = threads;
        while (remaining > 0) {
            remaining = 0;
            for (int t = 1; t <= threads; t++) {
                for (int b = 0; b < BURST && done[t] < config.transactionsPerThread(); b++, done[t]++) {
                    transaction(w, t);
                }
                if (done[t] < config.transactionsPerThread()) {
                    remaining++;
                }
            }
        }
        for (int t = 1; t <= threads; t++) {
            w.threadEnd(t);
        }
    }

    /** Root slots: 0 the catalog, t the warehouse of thread t, threads + t thread t's current order. */
    private void load(TraceWriter w) throws IOException {
        int threads = config.warehouseThreads();
        w.threadStart(LOADER, -1);
        long catalog = alloc(w, LOADER, SITE_CATALOG, config.catalogItems(), 16);
        w.root(LOADER, 0, catalog);
        items = new long[config.catalogItems()];
        for (int i = 0; i < items.length; i++) {
            items[i] = alloc(w, LOADER, SITE_ITEM, 0, 64);
            w.store(LOADER, catalog, i, items[i]);
            w.write(LOADER, items[i]);
        }
        warehouses = new long[threads + 1];
        customers = new long[threads + 1][config.customersPerWarehouse()];
        historyNext = new int[threads + 1][config.customersPerWarehouse()];
        for (int t = 1; t <= threads; t++) {
            warehouses[t] = alloc(w, LOADER, SITE_WAREHOUSE, config.customersPerWarehouse(), 64);
            w.root(LOADER, t, warehouses[t]);
            for (int c = 0; c < config.customersPerWarehouse(); c++) {
                customers[t][c] = alloc(w, LOADER, SITE_CUSTOMER, HISTORY, 96);
                w.store(LOADER, warehouses[t], c, customers[t][c]);
                w.write(LOADER, customers[t][c]);
            }
        }
        w.gc(LOADER); // as SPECjbb does between loading and measuring
        w.threadEnd(LOADER);
    }

    private void transaction(TraceWriter w, int t) throws IOException {
        int c = random.nextInt(config.customersPerWarehouse());
        long customer = customers[t][c];
        int lines = 3 + random.nextInt(5);
        long order = alloc(w, t, SITE_ORDER, 1 + lines, 32);
        w.root(t, config.warehouseThreads() + t, order);
        w.store(t, order, 0, customer);
        for (int l = 0; l < lines; l++) {
            long item = items[random.nextInt(items.length)];
            long line = alloc(w, t, SITE_LINE, 1, 24);
            w.store(t, order, 1 + l, line);
            w.store(t, line, 0, item);
            w.read(t, item);
            w.write(t, line);
        }
        w.write(t, order);
        w.read(t, customer);
        w.write(t, customer);
        if (random.nextInt(4) == 0) {
            w.write(t, warehouses[t]);
        }
        if (random.nextInt(8) == 0) {
            int h = historyNext[t][c];
            historyNext[t][c] = (h + 1) % HISTORY;
            w.store(t, customer, h, order);
        }
    }

    private long alloc(TraceWriter w, int thread, int site, int slots, int payload) throws IOException {
        long id = nextId++;
        w.alloc(thread, site, id, slots, payload);
        return id;
    }
}
