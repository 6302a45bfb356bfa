package com.numa.profiler.sharing;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the word-level tracking found for one object, or for all tracked objects of one allocation site and type:
 * invalidations (the mean over the placements of the object in its lines), and for false and true sharing the words
 * involved and which thread wrote or read which of them. Thread keys are named only when reporting.
 */
final class Findings {
    /** Words listed per thread and issue at most; the rest is counted. */
    static final int MAX_WORDS = 12;

    final int site;
    final String type;
    final boolean array;
    int objects;
    double falseInvalidations;
    double trueInvalidations;
    double remoteInvalidations;
    long writes;
    /** The words of false sharing: the written words whose writes invalidated other threads' copies, and those copies' words. */
    final Set<String> falseWords = new LinkedHashSet<>();
    final Map<Integer, Set<String>> falseWrote = new TreeMap<>();
    final Map<Integer, Set<String>> falseRead = new TreeMap<>();
    /** The words of true sharing: those written while other threads used them. */
    final Set<String> trueWords = new LinkedHashSet<>();
    final Map<Integer, Set<String>> trueWrote = new TreeMap<>();
    final Map<Integer, Set<String>> trueRead = new TreeMap<>();
    /** A falsely shared word is already @Contended (the JVM then ignored it: -XX:-RestrictContended is missing). */
    boolean contendedIgnored;
    /** A truly shared word is a number (a counter, an atomic box's value). */
    boolean trueCounter;
    /** JOL's layout of the type (instances). */
    String layout = "";

    Findings(int site, String type, boolean array) {
        this.site = site;
        this.type = type;
        this.array = array;
    }

    String key() {
        return site + "|" + type;
    }

    /** Adds another object's (or site's) findings. */
    synchronized void add(Findings o) {
        objects += o.objects;
        falseInvalidations += o.falseInvalidations;
        trueInvalidations += o.trueInvalidations;
        remoteInvalidations += o.remoteInvalidations;
        writes += o.writes;
        addAll(falseWords, o.falseWords);
        addAll(trueWords, o.trueWords);
        merge(falseWrote, o.falseWrote);
        merge(falseRead, o.falseRead);
        merge(trueWrote, o.trueWrote);
        merge(trueRead, o.trueRead);
        contendedIgnored |= o.contendedIgnored;
        trueCounter |= o.trueCounter;
        if (layout.isEmpty()) {
            layout = o.layout;
        }
    }

    private static void merge(Map<Integer, Set<String>> into, Map<Integer, Set<String>> from) {
        from.forEach((k, v) -> addAll(into.computeIfAbsent(k, x -> new LinkedHashSet<>()), v));
    }

    private static void addAll(Set<String> into, Set<String> from) {
        for (String s : from) {
            if (into.size() >= MAX_WORDS + 1) {
                return;
            }
            into.add(s);
        }
    }

    /**
     * What was found after {@code before} (the same site and type, earlier; null: nothing then): the counts' growth,
     * with the words and threads named so far (they only grow). Null when nothing grew.
     */
    Findings since(Findings before) {
        if (before == null) {
            return this;
        }
        if (falseInvalidations <= before.falseInvalidations && trueInvalidations <= before.trueInvalidations
                && writes <= before.writes) {
            return null;
        }
        Findings d = new Findings(site, type, array);
        d.add(this);
        d.objects = Math.max(0, objects - before.objects);
        d.falseInvalidations = Math.max(0, falseInvalidations - before.falseInvalidations);
        d.trueInvalidations = Math.max(0, trueInvalidations - before.trueInvalidations);
        d.remoteInvalidations = Math.max(0, remoteInvalidations - before.remoteInvalidations);
        d.writes = Math.max(0, writes - before.writes);
        // the threads named before (with the same words) did nothing new here: only the span's threads are named
        for (var pair : List.of(Map.entry(d.falseWrote, before.falseWrote), Map.entry(d.falseRead, before.falseRead),
                Map.entry(d.trueWrote, before.trueWrote), Map.entry(d.trueRead, before.trueRead))) {
            pair.getKey().entrySet().removeIf(e -> e.getValue().equals(pair.getValue().get(e.getKey())));
        }
        return d;
    }

    /**
     * These findings with their counts multiplied by {@code weight}: with one access in N seen, each invalidation seen
     * stands for N, as each counted access does. An estimate: a change of writer between two sampled accesses is seen
     * whenever one happened, so threads that run long stretches alone are overcounted (by up to the factor), and threads
     * that alternate access by access are undercounted (two of them by up to half).
     */
    Findings scaled(int weight) {
        if (weight != 1) {
            falseInvalidations *= weight;
            trueInvalidations *= weight;
            remoteInvalidations *= weight;
            writes *= weight;
        }
        return this;
    }

    /** The findings of one tracked object. */
    static Findings of(TrackedObject t) {
        Findings f = new Findings(t.site, t.layout.type(), t.layout.isArray());
        f.objects = 1;
        f.remoteInvalidations = t.remoteInvalidations / (double) TrackedObject.PLACEMENTS;
        if (t.layout.isArray()) {
            arrayFindings(t, f);
        } else {
            instanceFindings(t, f);
            f.layout = t.layout.printable();
            // a thread that wrote a word is listed as its writer only
            f.falseRead.forEach((k, v) -> v.removeAll(f.falseWrote.getOrDefault(k, Set.of())));
            f.falseRead.values().removeIf(Set::isEmpty);
        }
        return f;
    }

    private static long state(TrackedObject t, int w, int field) {
        long[] p = t.wordPageIfAny(w);
        return p == null ? 0 : p[t.wordAt(w) + field];
    }

    private static void instanceFindings(TrackedObject t, Findings f) {
        WordLayout layout = t.layout;
        for (int c = 0; c < t.words(); c++) {
            f.writes += state(t, c, TrackedObject.WRITES);
            long falseInv = state(t, c, TrackedObject.FALSE_INV);
            long trueInv = state(t, c, TrackedObject.TRUE_INV);
            List<Integer> partners = falseInv > 0 ? falsePartners(t, c, 0, t.words() - 1) : List.of();
            if (partners.isEmpty()) {
                trueInv += falseInv;
                falseInv = 0;
            }
            f.falseInvalidations += falseInv / (double) TrackedObject.PLACEMENTS;
            f.trueInvalidations += trueInv / (double) TrackedObject.PLACEMENTS;
            WordLayout.Word cw = layout.words().get(c);
            long writers = state(t, c, TrackedObject.WRITERS);
            if (falseInv > 0) {
                String name = describe(cw);
                f.falseWords.add(name);
                f.contendedIgnored |= cw.contended();
                forEachBit(writers, s -> add(f.falseWrote, t.key(s), name));
                long victims = state(t, c, TrackedObject.FALSE_VICTIMS);
                for (int v : partners) {
                    WordLayout.Word vw = layout.words().get(v);
                    long readers = state(t, v, TrackedObject.READERS) & victims;
                    long vWriters = state(t, v, TrackedObject.WRITERS) & victims;
                    String vName = describe(vw);
                    f.falseWords.add(vName);
                    f.contendedIgnored |= vw.contended();
                    forEachBit(readers, s -> add(f.falseRead, t.key(s), vName));
                    forEachBit(vWriters, s -> add(f.falseWrote, t.key(s), vName));
                }
            }
            if (trueInv > 0) {
                String name = describe(cw);
                f.trueWords.add(name);
                f.trueCounter |= isNumber(cw.type()) || cw.declaringClass().startsWith("java.util.concurrent.atomic.");
                forEachBit(writers, s -> add(f.trueWrote, t.key(s), name));
                forEachBit(state(t, c, TrackedObject.READERS) & state(t, c, TrackedObject.TRUE_VICTIMS) & ~writers,
                        s -> add(f.trueRead, t.key(s), name));
            }
        }
    }

    /**
     * The words {@code from..to} (other than {@code c}) that may share a line with word {@code c} and that the threads
     * {@code c}'s writes falsely invalidated were using. None means those threads held the line for {@code c} itself:
     * their invalidations are true sharing, whatever the racy marks of the tracking say (a reader's mark on the word can
     * be lost to a concurrent write), so a single contended word is never reported as false sharing.
     */
    private static List<Integer> falsePartners(TrackedObject t, int c, int from, int to) {
        long victims = state(t, c, TrackedObject.FALSE_VICTIMS);
        long offset = t.layout.offset(c);
        List<Integer> partners = new ArrayList<>();
        for (int v = from; v <= to; v++) {
            if (v != c && TrackedObject.mayShareLine(offset, t.layout.offset(v))
                    && ((state(t, v, TrackedObject.READERS) | state(t, v, TrackedObject.WRITERS)) & victims) != 0) {
                partners.add(v);
            }
        }
        return partners;
    }

    private static void arrayFindings(TrackedObject t, Findings f) {
        WordLayout layout = t.layout;
        int n = t.words();
        int reach = Math.max(1, 64 / Math.max(1, layout.scale()));
        TreeSet<Integer> falseAll = new TreeSet<>();
        TreeSet<Integer> trueAll = new TreeSet<>();
        Map<Integer, TreeSet<Integer>> fw = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> fr = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> tw = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> tr = new TreeMap<>();
        for (int c = 0; c < n; c++) {
            if (t.wordPageIfAny(c) == null) {
                c += TrackedArray.PAGE - 1 - c % TrackedArray.PAGE; // a page nothing touched
                continue;
            }
            f.writes += state(t, c, TrackedObject.WRITES);
            long falseInv = state(t, c, TrackedObject.FALSE_INV);
            long trueInv = state(t, c, TrackedObject.TRUE_INV);
            List<Integer> partners = falseInv > 0 ? falsePartners(t, c, Math.max(0, c - reach), Math.min(n - 1, c + reach))
                    : List.of();
            if (partners.isEmpty()) {
                trueInv += falseInv;
                falseInv = 0;
            }
            f.falseInvalidations += falseInv / (double) TrackedObject.PLACEMENTS;
            f.trueInvalidations += trueInv / (double) TrackedObject.PLACEMENTS;
            long writers = state(t, c, TrackedObject.WRITERS);
            if (falseInv > 0) {
                int cc = c;
                falseAll.add(c);
                forEachBit(writers, s -> index(fw, t.key(s), cc));
                long victims = state(t, c, TrackedObject.FALSE_VICTIMS);
                for (int v : partners) {
                    long readers = state(t, v, TrackedObject.READERS) & victims;
                    long vWriters = state(t, v, TrackedObject.WRITERS) & victims;
                    falseAll.add(v);
                    forEachBit(readers, s -> index(fr, t.key(s), v));
                    forEachBit(vWriters, s -> index(fw, t.key(s), v));
                }
            }
            if (trueInv > 0) {
                int cc = c;
                trueAll.add(c);
                forEachBit(writers, s -> index(tw, t.key(s), cc));
                forEachBit(state(t, c, TrackedObject.READERS) & state(t, c, TrackedObject.TRUE_VICTIMS) & ~writers,
                        s -> index(tr, t.key(s), cc));
            }
        }
        f.falseWords.addAll(ranges(falseAll));
        f.trueWords.addAll(ranges(trueAll));
        fr.forEach((k, v) -> v.removeAll(fw.getOrDefault(k, new TreeSet<>())));
        fr.values().removeIf(TreeSet::isEmpty);
        fw.forEach((k, v) -> f.falseWrote.put(k, new LinkedHashSet<>(ranges(v))));
        fr.forEach((k, v) -> f.falseRead.put(k, new LinkedHashSet<>(ranges(v))));
        tw.forEach((k, v) -> f.trueWrote.put(k, new LinkedHashSet<>(ranges(v))));
        tr.forEach((k, v) -> f.trueRead.put(k, new LinkedHashSet<>(ranges(v))));
        f.trueCounter = !trueAll.isEmpty() && isNumber(layout.type().replace("[]", ""));
    }

    private static void index(Map<Integer, TreeSet<Integer>> m, int key, int index) {
        m.computeIfAbsent(key, k -> new TreeSet<>()).add(index);
    }

    /** Indices as ranges: [0..3], [8], [10..11]; at most {@link #MAX_WORDS}, then how many more. */
    static List<String> ranges(TreeSet<Integer> indices) {
        List<String> out = new ArrayList<>();
        Integer start = null;
        int prev = 0;
        int more = 0;
        for (int i : indices) {
            if (start != null && i == prev + 1) {
                prev = i;
                continue;
            }
            if (start != null) {
                if (out.size() < MAX_WORDS) {
                    out.add(range(start, prev));
                } else {
                    more++;
                }
            }
            start = i;
            prev = i;
        }
        if (start != null) {
            if (out.size() < MAX_WORDS) {
                out.add(range(start, prev));
            } else {
                more++;
            }
        }
        if (more > 0) {
            out.add("+" + more + " more ranges");
        }
        return out;
    }

    private static String range(int a, int b) {
        return a == b ? "[" + a + "]" : "[" + a + ".." + b + "]";
    }

    private static String describe(WordLayout.Word w) {
        return w.name() + "@" + w.offset();
    }

    static boolean isNumber(String type) {
        switch (type) {
            case "long": case "int": case "short": case "byte": case "double": case "float": case "char":
                return true;
            default:
                return false;
        }
    }

    private static void add(Map<Integer, Set<String>> m, int key, String word) {
        Set<String> s = m.computeIfAbsent(key, k -> new LinkedHashSet<>());
        if (s.size() <= MAX_WORDS) {
            s.add(word);
        }
    }

    private interface SlotAction {
        void at(int slot);
    }

    private static void forEachBit(long mask, SlotAction action) {
        while (mask != 0) {
            int s = Long.numberOfTrailingZeros(mask);
            action.at(s);
            mask &= mask - 1;
        }
    }
}
