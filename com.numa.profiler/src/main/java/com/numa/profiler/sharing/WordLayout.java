package com.numa.profiler.sharing;

import java.util.Arrays;
import java.util.List;

/**
 * The words of one class's instances (its fields, from {@link WordLayouts}) or of one array class (its elements), with
 * their byte offsets from the object's start, which place them in 64-byte cache lines.
 */
public final class WordLayout {
    /** One field: its name, declaring class (Class.getName), type, offset and size in bytes, and @Contended. */
    public record Word(String name, String declaringClass, String type, long offset, int size, boolean contended) {
    }

    private final String type;
    private final boolean array;
    private final List<Word> words;
    private final long[] offsets;
    private final int base;
    private final int scale;
    private final String printable;
    /** Field id → word, filled as ids are met: pairs {id, word} in open addressing, replaced on growth. */
    private volatile int[] resolved = filled(16);

    private WordLayout(String type, boolean array, List<Word> words, int base, int scale, String printable) {
        this.type = type;
        this.array = array;
        this.words = List.copyOf(words);
        this.offsets = words.stream().mapToLong(Word::offset).toArray();
        this.base = base;
        this.scale = scale;
        this.printable = printable;
    }

    static WordLayout instance(String type, List<Word> words, String printable) {
        return new WordLayout(type, false, words, 0, 0, printable);
    }

    /** The layout of arrays of {@code type} (Java's spelling, e.g. {@code long[]}). */
    static WordLayout array(String type, int base, int scale) {
        return new WordLayout(type, true, List.of(), base, scale, "");
    }

    private static int[] filled(int pairs) {
        int[] a = new int[pairs * 2];
        Arrays.fill(a, -1);
        return a;
    }

    public String type() {
        return type;
    }

    public boolean isArray() {
        return array;
    }

    public List<Word> words() {
        return words;
    }

    /** JOL's printout of the class layout (empty for arrays). */
    public String printable() {
        return printable;
    }

    /** Bytes from the array's start to element 0. */
    public int base() {
        return base;
    }

    /** Bytes per element. */
    public int scale() {
        return scale;
    }

    /** The byte offset of word {@code w}: a field's offset, or base + w * scale for an element. */
    long offset(int w) {
        return array ? base + (long) w * scale : offsets[w];
    }

    int size() {
        return words.size();
    }

    /** The word of the field {@code name} declared by {@code declaring}, or -1. */
    int wordNamed(String declaring, String name) {
        for (int i = 0; i < words.size(); i++) {
            Word w = words.get(i);
            if (w.name().equals(name) && w.declaringClass().equals(declaring)) {
                return i;
            }
        }
        return -1;
    }

    /** The word field {@code id} names in instances of this layout's class {@code c}, or -1 (resolved once per id). */
    int wordOf(WordLayouts layouts, Class<?> c, int id) {
        int[] r = resolved;
        int mask = r.length / 2 - 1;
        for (int i = mix(id) & mask, n = 0; n <= mask; i = (i + 1) & mask, n++) {
            int k = r[2 * i];
            if (k == id) {
                return r[2 * i + 1];
            }
            if (k < 0) {
                break;
            }
        }
        int w = layouts.resolve(c, id);
        remember(id, w);
        return w;
    }

    private static int mix(int id) {
        int h = id * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private synchronized void remember(int id, int word) {
        int[] r = resolved;
        int count = 0;
        for (int i = 0; i < r.length; i += 2) {
            if (r[i] == id) {
                return;
            }
            if (r[i] >= 0) {
                count++;
            }
        }
        int pairs = r.length / 2;
        if ((count + 1) * 2 > pairs) {
            pairs *= 2;
        }
        int[] n = filled(pairs);
        put(n, id, word);
        for (int i = 0; i < r.length; i += 2) {
            if (r[i] >= 0) {
                put(n, r[i], r[i + 1]);
            }
        }
        resolved = n;
    }

    private static void put(int[] table, int id, int word) {
        int mask = table.length / 2 - 1;
        int i = mix(id) & mask;
        while (table[2 * i] >= 0) {
            i = (i + 1) & mask;
        }
        table[2 * i] = id;
        table[2 * i + 1] = word;
    }
}
