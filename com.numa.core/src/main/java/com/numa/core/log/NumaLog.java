package com.numa.core.log;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * numa-jvm's one voice on stderr: every line starts with {@value #PREFIX}, inside the application's JVM (agent,
 * features) and on the host side (launcher, tools) alike. A problem is reported once per topic and counted after
 * that, so a feature that fails on every sample cannot flood the application's output, and a summary can still say
 * how often it happened.
 */
public final class NumaLog implements Consumer<String> {
    /** The prefix of every line numa-jvm writes on stderr. */
    public static final String PREFIX = "numa: ";

    private final PrintStream err;
    private final Consumer<String> sink;
    private final String lead;
    private final Map<String, AtomicLong> problems = new ConcurrentHashMap<>();

    /** Writes to {@code err}; null writes nothing (problems are still counted). */
    public NumaLog(PrintStream err) {
        this(err, null);
    }

    /** Writes to {@code err}, each message after {@code source: } (a feature's name), e.g. {@code numa: NUMAOpts: ...}. */
    public NumaLog(PrintStream err, String source) {
        this.err = err;
        this.sink = null; // accept prints to err itself: a method reference here is a class spun in premain
        this.lead = source == null ? PREFIX : PREFIX + source + ": ";
    }

    /**
     * Report-once in front of another consumer of messages (a caller's log, a test's list): lines go to {@code sink}
     * as they are, without a prefix of this log's own.
     */
    public NumaLog(Consumer<String> sink) {
        this.err = null;
        this.sink = sink;
        this.lead = "";
    }

    /** A log on the same stream whose messages name {@code source}; it counts its own problems. */
    public NumaLog of(String source) {
        return err != null ? new NumaLog(err, source) : new NumaLog(m -> sink.accept(source + ": " + m));
    }

    /** The log of this process on System.err. */
    public static NumaLog stderr() {
        return new NumaLog(System.err);
    }

    /** An informational line. */
    @Override
    public void accept(String message) {
        if (err != null) {
            err.println(lead + message);
        } else if (sink != null) {
            sink.accept(lead + message);
        }
    }

    /** Same as {@link #accept}. */
    public void info(String message) {
        accept(message);
    }

    /**
     * Reports a problem ({@code numa: <message>}) the first time its topic occurs; later occurrences are only counted.
     * The topic is a key, not printed: the message names what failed. Returns true when this call printed.
     */
    public boolean once(String topic, String message) {
        boolean first = problems.computeIfAbsent(topic, k -> new AtomicLong()).getAndIncrement() == 0;
        if (first) {
            accept(message);
        }
        return first;
    }

    /** How often each topic passed to {@link #once} occurred, by topic. */
    public Map<String, Long> problemCounts() {
        Map<String, Long> m = new TreeMap<>();
        problems.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }

    /** Multi-line text (tables) as is; each line should already carry {@link #PREFIX} where it is a message. */
    public void block(String text) {
        if (err != null) {
            err.print(text);
            err.flush();
        } else if (sink != null) {
            sink.accept(text);
        }
    }
}
