package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * h2: an in-memory H2 database (as DaCapo's h2 runs its TPC-C-like load in memory) with one connection per thread.
 * Each iteration reloads the tables, then every thread runs order-entry transactions (read items and stock, insert an
 * order and its lines, update stock and the district) on districts of its own, with a seeded random per district, so
 * the final state, and the checksum taken from it, is the same whatever the interleaving.
 */
public final class H2Driver implements Workload {
    static final String NAME = "h2";
    private static final int ITEMS = 1_000;
    private static final int DISTRICTS = 8;
    private static final int ORDERS_PER_DISTRICT = 15;

    private final WorkerPool workers;
    private final List<Connection> connections = new ArrayList<>();
    private final int orders;

    H2Driver(WorkloadArguments arguments) {
        orders = ORDERS_PER_DISTRICT * arguments.size().scale();
        workers = new WorkerPool(NAME, arguments.threads());
        try {
            for (int t = 0; t < arguments.threads(); t++) {
                connections.add(DriverManager.getConnection("jdbc:h2:mem:numa;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=60000", "sa", ""));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the H2 database: " + e.getMessage(), e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, H2Driver::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        try {
            load(connections.get(0));
            for (Connection c : connections) {
                c.setAutoCommit(false);
            }
            workers.sumOver(DISTRICTS, d -> runDistrict(connectionFor(d), d));
            return checksum(connections.get(0));
        } catch (SQLException e) {
            throw new IllegalStateException("SQL failed: " + e.getMessage(), e);
        }
    }

    /** Districts map onto the connections evenly; a connection serves one transaction at a time. */
    private Connection connectionFor(int district) {
        return connections.get(district % connections.size());
    }

    private static void load(Connection c) throws SQLException {
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("DROP ALL OBJECTS");
            s.execute("CREATE TABLE item(id INT PRIMARY KEY, name VARCHAR(24), price DECIMAL(8,2))");
            s.execute("CREATE TABLE stock(district INT, item INT, quantity INT, ytd INT, PRIMARY KEY(district, item))");
            s.execute("CREATE TABLE district(id INT PRIMARY KEY, next_order INT, ytd DECIMAL(14,2))");
            s.execute("CREATE TABLE orders(district INT, id INT, lines INT, total DECIMAL(14,2), PRIMARY KEY(district, id))");
            s.execute("CREATE TABLE order_line(district INT, orders INT, line INT, item INT, quantity INT, amount DECIMAL(10,2))");
            s.execute("CREATE INDEX order_line_item ON order_line(item)");
            s.execute("INSERT INTO item SELECT x, 'item-' || x, 1 + MOD(x * 37, 9900) / 100.0 FROM SYSTEM_RANGE(1, " + ITEMS + ")");
            s.execute("INSERT INTO district SELECT x, 1, 0 FROM SYSTEM_RANGE(0, " + (DISTRICTS - 1) + ")");
            s.execute("INSERT INTO stock SELECT d.x, i.x, 50 + MOD(d.x * 13 + i.x * 7, 50), 0 FROM SYSTEM_RANGE(0, "
                    + (DISTRICTS - 1) + ") d, SYSTEM_RANGE(1, " + ITEMS + ") i");
        }
    }

    private long runDistrict(Connection c, int district) {
        SplittableRandom random = new SplittableRandom(district * 7919L);
        // one connection may serve two districts at once (threads < districts is the common case): serialize on it
        synchronized (c) {
            try (PreparedStatement next = c.prepareStatement("SELECT next_order FROM district WHERE id = ? FOR UPDATE");
                 PreparedStatement price = c.prepareStatement("SELECT price FROM item WHERE id = ?");
                 PreparedStatement stock = c.prepareStatement("SELECT quantity FROM stock WHERE district = ? AND item = ?");
                 PreparedStatement takeStock = c.prepareStatement(
                         "UPDATE stock SET quantity = CASE WHEN quantity > ? + 10 THEN quantity - ? ELSE quantity + 91 - ? END, "
                                 + "ytd = ytd + ? WHERE district = ? AND item = ?");
                 PreparedStatement line = c.prepareStatement("INSERT INTO order_line VALUES (?, ?, ?, ?, ?, ?)");
                 PreparedStatement order = c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?)");
                 PreparedStatement advance = c.prepareStatement(
                         "UPDATE district SET next_order = next_order + 1, ytd = ytd + ? WHERE id = ?")) {
                for (int o = 0; o < orders; o++) {
                    next.setInt(1, district);
                    int id;
                    try (ResultSet r = next.executeQuery()) {
                        r.next();
                        id = r.getInt(1);
                    }
                    int lines = 5 + random.nextInt(11);
                    BigDecimal total = BigDecimal.ZERO;
                    for (int l = 0; l < lines; l++) {
                        int item = 1 + random.nextInt(ITEMS);
                        int quantity = 1 + random.nextInt(10);
                        price.setInt(1, item);
                        BigDecimal p;
                        try (ResultSet r = price.executeQuery()) {
                            r.next();
                            p = r.getBigDecimal(1);
                        }
                        stock.setInt(1, district);
                        stock.setInt(2, item);
                        try (ResultSet r = stock.executeQuery()) {
                            r.next();
                        }
                        takeStock.setInt(1, quantity);
                        takeStock.setInt(2, quantity);
                        takeStock.setInt(3, quantity);
                        takeStock.setInt(4, quantity);
                        takeStock.setInt(5, district);
                        takeStock.setInt(6, item);
                        takeStock.executeUpdate();
                        BigDecimal amount = p.multiply(BigDecimal.valueOf(quantity));
                        total = total.add(amount);
                        line.setInt(1, district);
                        line.setInt(2, id);
                        line.setInt(3, l);
                        line.setInt(4, item);
                        line.setInt(5, quantity);
                        line.setBigDecimal(6, amount);
                        line.addBatch();
                    }
                    line.executeBatch();
                    order.setInt(1, district);
                    order.setInt(2, id);
                    order.setInt(3, lines);
                    order.setBigDecimal(4, total);
                    order.executeUpdate();
                    advance.setBigDecimal(1, total);
                    advance.setInt(2, district);
                    advance.executeUpdate();
                    c.commit();
                }
                return 0;
            } catch (SQLException e) {
                throw new IllegalStateException("district " + district + ": " + e.getMessage(), e);
            }
        }
    }

    /** A reporting query over the whole database: joins and aggregates the orders every thread wrote. */
    private static long checksum(Connection c) throws SQLException {
        c.setAutoCommit(true);
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*), SUM(ol.quantity), SUM(ol.amount * 100), "
                     + "(SELECT SUM(quantity + ytd) FROM stock), (SELECT SUM(next_order) FROM district) "
                     + "FROM order_line ol JOIN item i ON i.id = ol.item")) {
            r.next();
            return r.getLong(1) * 1_000_003L + r.getLong(2) * 7919L + r.getLong(3) + r.getLong(4) * 31 + r.getLong(5);
        }
    }

    @Override
    public void close() {
        workers.close();
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException e) {
                // closing at exit: nothing left to protect
            }
        }
    }
}
