package com.numa.characterize.builtin;

/**
 * The shared, read-only dictionary of {@link SharedDictionary}: a chained hash table of word entries, like the HashSet
 * at the centre of scrabble. Our own table rather than java.util's so that its bucket and chain reads are profiled
 * wherever HashMap was loaded (JDK classes loaded before the agent are not instrumented).
 */
final class WordDictionary {
    /** Scrabble's letter values, a..z. */
    private static final int[] LETTER_VALUES = {1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4,
        8, 4, 10};

    private static final class Entry {
        final String word;
        final int score;
        final Entry next;

        Entry(String word, int score, Entry next) {
            this.word = word;
            this.score = score;
            this.next = next;
        }
    }

    private final Entry[] buckets;

    /** A dictionary of {@link #word(long) word(0) .. word(size - 1)}. */
    WordDictionary(int size) {
        buckets = new Entry[Integer.highestOneBit(Math.max(1, size)) * 2];
        for (int i = 0; i < size; i++) {
            String w = word(i);
            int b = bucket(w);
            if (find(w, buckets[b]) == null) {
                buckets[b] = new Entry(w, letterScore(w), buckets[b]);
            }
        }
    }

    /** The word of index {@code i}: 3 to 8 lower-case letters, the same for every caller. */
    static String word(long i) {
        long s = Mix.next(i * 0x632BE59BD9B4E019L + 17);
        int length = 3 + (int) Long.remainderUnsigned(s, 6);
        char[] letters = new char[length];
        for (int c = 0; c < length; c++) {
            s = Mix.next(s);
            letters[c] = (char) ('a' + Long.remainderUnsigned(s, 26));
        }
        return new String(letters);
    }

    /** The word's score if the dictionary holds it, else -1. */
    int score(String word) {
        Entry e = find(word, buckets[bucket(word)]);
        return e == null ? -1 : e.score;
    }

    /** Sum of the letter values: the score a hit must carry, which a worker checks. */
    static int letterScore(String word) {
        int score = 0;
        for (int c = 0; c < word.length(); c++) {
            score += LETTER_VALUES[word.charAt(c) - 'a'];
        }
        return score;
    }

    private int bucket(String word) {
        int h = word.hashCode();
        return (h ^ (h >>> 16)) & (buckets.length - 1);
    }

    private static Entry find(String word, Entry chain) {
        for (Entry e = chain; e != null; e = e.next) {
            if (e.word.equals(word)) {
                return e;
            }
        }
        return null;
    }
}
