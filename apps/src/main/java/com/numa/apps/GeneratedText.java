package com.numa.apps;

import java.util.SplittableRandom;

/**
 * Deterministic English-like text for the drivers' inputs: a fixed vocabulary of pronounceable words drawn with a
 * skewed (roughly Zipf) distribution, so indexes and queries see frequent and rare terms as real text has them.
 */
final class GeneratedText {
    private static final String[] ONSETS = {"b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "st", "tr", "pl"};
    private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ea", "ou"};
    private static final String[] CODAS = {"", "n", "r", "s", "t", "ck", "nd", "ll"};

    private final String[] vocabulary;
    private final SplittableRandom random;

    GeneratedText(int vocabularySize, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        vocabulary = new String[vocabularySize];
        for (int i = 0; i < vocabularySize; i++) {
            StringBuilder w = new StringBuilder();
            int syllables = 1 + r.nextInt(3);
            for (int s = 0; s < syllables; s++) {
                w.append(ONSETS[r.nextInt(ONSETS.length)]).append(VOWELS[r.nextInt(VOWELS.length)])
                        .append(CODAS[r.nextInt(CODAS.length)]);
            }
            vocabulary[i] = w.toString();
        }
        random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    }

    /** The next word: index {@code u^3 * size} puts most draws on the first words of the vocabulary. */
    String word() {
        double u = random.nextDouble();
        return vocabulary[(int) (u * u * u * vocabulary.length)];
    }

    /** {@code count} words separated by spaces. */
    String words(int count) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                b.append(i % 17 == 0 ? ". " : " ");
            }
            b.append(word());
        }
        return b.toString();
    }

    /** A whole number in [0, bound). */
    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /** The {@code i}-th word of the vocabulary (0 is the most frequent). */
    String vocabularyWord(int i) {
        return vocabulary[i % vocabulary.length];
    }
}
