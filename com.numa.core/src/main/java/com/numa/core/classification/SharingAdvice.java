package com.numa.core.classification;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * What a program with data dependencies can change: the objects that carry most of its shared writes (Read &amp; Write
 * Dependencies) or shared reads (Read-Only Dependencies), each with the Java change its kind calls for, and the
 * {@code numa diagnose} run that names the fields and array elements behind them. Pure: the study's profile is only
 * per allocation site, so the change is chosen from what the site's type and threads say; the diagnosis then tells
 * false sharing from true sharing word by word.
 */
public final class SharingAdvice {
    /** Objects named: the advice is read on one screen, and the first few carry most of the sharing. */
    static final int MAX_OBJECTS = 3;
    /** An object below this share of the shared accesses is not worth a change of its own. */
    static final double MIN_SHARE_PCT = 1;
    /**
     * Sampled accesses per sharing thread the diagnosis needs to see a shared object's interleavings ("a few thousand",
     * docs/diagnose.md); the rate it is given keeps at least this many.
     */
    static final long MIN_SAMPLES_PER_THREAD = 4000;
    /** The sparsest rate proposed: numa diagnose's own default, where start-up already dominates its cost. */
    static final int SPARSEST_SAMPLING = 1024;

    /**
     * Data whose shared reads come this much after its last write is read-mostly (NumaPerf's "exclusively read after
     * the first write", as numa diagnose's duplication candidates).
     */
    static final double READ_MOSTLY_SHARE = 0.9;
    private static final String ATOMICS = "java.util.concurrent.atomic.";
    /** The atomics that stripe their value over per-thread cells. */
    private static final java.util.Set<String> STRIPED = java.util.Set.of("LongAdder", "DoubleAdder", "LongAccumulator",
            "DoubleAccumulator", "Striped64");

    private static final Pattern NESTED = Pattern.compile("(?<=[A-Za-z0-9_])\\$(?=[A-Za-z_])");

    private SharingAdvice() {
    }

    /** The kinds of change, each one line in Java terms. */
    public enum Change {
        LOCK("a contended lock: hold it for less time, split it (one lock per part of the data it guards), or let one "
                + "thread own that data"),
        READ_MOSTLY("read-mostly shared data: replicate it per node (a copy per node, made after its last write) where "
                + "remote reads cost"),
        CONFINE("shared by main and one other thread only: let that thread create and keep it (confine it to one "
                + "thread)"),
        COUNTER("a contended atomic: java.util.concurrent.atomic.LongAdder (add() in each thread, sum() when read), or "
                + "per-thread counts combined at the end"),
        STRIPED("already striped per thread (LongAdder and kin): sum() and reset() read every cell, so call them less "
                + "often"),
        ARRAY("threads write one array: give each thread its own array, or its own elements 64 bytes (128 on CPUs "
                + "that fetch line pairs) from the others' (false sharing); elements all threads write (counters): "
                + "per-thread copies combined at the end"),
        JDK_OBJECT("a JDK object several threads update: a concurrent one in place of a synchronized one "
                + "(ConcurrentHashMap, LongAdder values), or per-thread copies merged at the end"),
        FIELDS("threads write its fields: different fields, pad them apart (@jdk.internal.vm.annotation.Contended, run "
                + "with -XX:-RestrictContended); the same field, per-thread copies or LongAdder");

        private final String text;

        Change(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** One object to look at: its share of the shared accesses that decided the verdict, and the change to try. */
    public record Target(SharedObject object, double sharePct, String measure, Change change) {
        /**
         * "long[] at app.Counters.&lt;init&gt;:12 (58% of shared writes; worker-0, worker-1)"; a site in the type's own
         * package without it ("app.Stats at Main.run:40").
         */
        public String describe() {
            List<String> t = object.threads();
            String threads = t.size() <= 3 ? String.join(", ", t)
                    : String.join(", ", t.subList(0, 3)) + " and " + (t.size() - 3) + " more";
            String type = javaName(object.type());
            String site = javaName(object.site());
            String pkg = type.replaceFirst("\\[].*$", "").replaceFirst("\\.[A-Z][^.]*(\\..*)?$", ".");
            if (pkg.endsWith(".") && site.startsWith(pkg)) {
                site = site.substring(pkg.length());
            }
            return type + " at " + site + " ("
                    + String.format(Locale.ROOT, "%.0f%% of %s", sharePct, measure)
                    + (threads.isEmpty() ? "" : "; " + threads) + ")";
        }

        /** The object and what to change, one line. */
        public String line() {
            return describe() + ": " + change.text();
        }
    }

    /**
     * The advice of one verdict: what to change, and the command that shows the fields and elements.
     *
     * @param targets the objects, most shared first
     * @param command the {@code numa diagnose} command line for this application, ready to paste into a shell
     */
    public record Advice(List<Target> targets, String command) {
        public Advice {
            targets = List.copyOf(targets);
        }

        /** The objects as one cell: "; " between them. */
        public String objects() {
            return String.join("; ", targets.stream().map(Target::describe).toList());
        }

        /** Each object's change as one cell: "type: change", "; " between them. */
        public String changes() {
            return String.join("; ", targets.stream().map(t -> javaName(t.object().type()) + ": " + t.change().text())
                    .toList());
        }
    }

    /**
     * The objects to look at: for Read &amp; Write Dependencies the sites with the most shared writes, for Read-Only
     * Dependencies those with the most shared reads; none for other categories (nothing shared to change, or not
     * known). Sites of unknown allocation (objects made before the agent) cannot be named and are left out.
     *
     * @param totalShared the profile's shared writes (Read &amp; Write) or shared reads (Read-Only), the 100% of a
     *                    share; the named sites' own sum where it is not positive
     */
    public static List<Target> targets(DataDependency dependency, List<SharedObject> objects, double totalShared) {
        boolean writes = dependency == DataDependency.READ_WRITE;
        if (!writes && dependency != DataDependency.READ_ONLY) {
            return List.of();
        }
        ToLongFunction<SharedObject> measure = writes ? SharedObject::sharedWrites : SharedObject::sharedReads;
        List<SharedObject> known = objects.stream().filter(o -> measure.applyAsLong(o) > 0 && known(o))
                .sorted(Comparator.comparingLong(measure).reversed()).toList();
        double total = totalShared > 0 ? totalShared : known.stream().mapToLong(measure).sum();
        List<Target> out = new ArrayList<>();
        for (SharedObject o : known) {
            double share = 100.0 * measure.applyAsLong(o) / total;
            if (out.size() == MAX_OBJECTS || share < MIN_SHARE_PCT) {
                break;
            }
            out.add(new Target(o, Math.min(100, share), writes ? "shared writes" : "shared reads", change(o)));
        }
        return out;
    }

    /**
     * The change an object's kind calls for, from its own accesses whatever the verdict. A lock is about the lock; a
     * hand-over between main and one thread ends by confinement; a striped counter is already the fix; data read
     * after its last write by copies per node; shared writes by what the type says they are (an atomic counter, array
     * elements, a JDK object, or a class's fields). Which fields or elements, and whether threads write the same word
     * or neighbouring ones, only the word-level diagnosis tells.
     */
    static Change change(SharedObject o) {
        String type = o.type();
        if (SynchronizerTypes.isSynchronizer(type)) {
            return Change.LOCK;
        }
        if (o.sharedWithMainOnly()) {
            return Change.CONFINE;
        }
        if (type.startsWith(ATOMICS) && STRIPED.contains(type.substring(ATOMICS.length()).replaceFirst("[$\\[].*", ""))) {
            return Change.STRIPED;
        }
        if (o.sharedWrites() == 0 || o.readsAfterLastWrite() >= READ_MOSTLY_SHARE * o.sharedReads() && o.sharedReads() > 0) {
            return Change.READ_MOSTLY;
        }
        if (type.startsWith(ATOMICS + "Atomic")) {
            return Change.COUNTER;
        }
        // an array a JDK class made (a HashMap's table) is that object's inside: the change is to the object
        if (type.endsWith("[]") && !jdk(o.site())) {
            return Change.ARRAY;
        }
        return jdk(type) ? Change.JDK_OBJECT : Change.FIELDS;
    }

    /**
     * The sampling numa diagnose needs to see the top object's interleavings: the sparsest power of two that still
     * gives each of its sharing threads {@link #MIN_SAMPLES_PER_THREAD} sampled accesses, at most {@link
     * #SPARSEST_SAMPLING}; 1 (every access: {@code --exact}) for an object too little used for any sampling.
     */
    public static int diagnoseSampling(List<Target> targets) {
        if (targets.isEmpty()) {
            return SPARSEST_SAMPLING;
        }
        SharedObject top = targets.get(0).object();
        long perThread = (top.sharedReads() + top.sharedWrites()) / Math.max(1, top.threads().size());
        long rate = perThread / MIN_SAMPLES_PER_THREAD;
        return rate < 2 ? 1 : (int) Math.min(SPARSEST_SAMPLING, Long.highestOneBit(rate));
    }

    /** A type or site as Java source names it: nested classes with a dot ("java.util.HashMap.Node[]"). */
    public static String javaName(String name) {
        return NESTED.matcher(name).replaceAll(".");
    }

    private static boolean known(SharedObject o) {
        return !o.type().isEmpty() && !o.type().startsWith("<") && !o.site().startsWith("?");
    }

    /** The JDK's own classes, which a user cannot pad or annotate: the change is what they use instead. */
    private static boolean jdk(String type) {
        return type.startsWith("java.") || type.startsWith("javax.") || type.startsWith("jdk.") || type.startsWith("sun.")
                || type.startsWith("com.sun.");
    }
}
