package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.schedulers.Schedulers;
import java.util.ArrayList;
import java.util.List;

/**
 * rx-scrabble: RxJava's parallel flowable finds, in a generated dictionary, the words that can be written with a
 * Scrabble bag and scores them (letter values, blanks, the double-letter bonus), as Renaissance's rx-scrabble (after
 * José Paumard's Scrabble benchmark) does with its Shakespeare word list. The checksum sums scores and counts the
 * playable words, neither of which depends on the order the rails deliver them.
 */
public final class RxScrabbleDriver implements Workload {
    static final String NAME = "rx-scrabble";
    private static final int[] LETTER_SCORES = {1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10};
    private static final int[] BAG = {9, 2, 2, 1, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1};
    private static final int BLANKS = 2;
    private static final int WORDS = 80_000;

    private final WorkerPool workers;
    private final Scheduler scheduler;
    private final List<String> dictionary = new ArrayList<>();

    RxScrabbleDriver(WorkloadArguments arguments) {
        GeneratedText text = new GeneratedText(WORDS * arguments.size().scale(), 5);
        for (int i = 0; i < WORDS * arguments.size().scale(); i++) {
            dictionary.add(text.vocabularyWord(i) + text.vocabularyWord(i * 31 + 7));
        }
        workers = new WorkerPool(NAME, arguments.threads());
        scheduler = Schedulers.from(workers.executor());
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, RxScrabbleDriver::new);
    }

    @Override
    public long iteration() {
        return Flowable.fromIterable(dictionary)
                .parallel(workers.threads())
                .runOn(scheduler)
                .filter(RxScrabbleDriver::playable)
                .map(w -> (long) score(w) << 20 | 1)
                .reduce(Long::sum)
                .blockingSingle();
    }

    private static int[] histogram(String word) {
        int[] h = new int[26];
        for (int i = 0; i < word.length(); i++) {
            h[word.charAt(i) - 'a']++;
        }
        return h;
    }

    private static int blanksNeeded(int[] histogram) {
        int blanks = 0;
        for (int c = 0; c < 26; c++) {
            blanks += Math.max(0, histogram[c] - BAG[c]);
        }
        return blanks;
    }

    static boolean playable(String word) {
        return blanksNeeded(histogram(word)) <= BLANKS;
    }

    /** Letters the bag covers score; blanks score nothing; the best letter counts twice (double-letter square). */
    static int score(String word) {
        int[] h = histogram(word);
        int score = 0;
        int best = 0;
        for (int c = 0; c < 26; c++) {
            int covered = Math.min(h[c], BAG[c]);
            score += covered * LETTER_SCORES[c];
            if (covered > 0) {
                best = Math.max(best, LETTER_SCORES[c]);
            }
        }
        return 2 * (score + best) + (word.length() == 7 ? 50 : 0);
    }

    @Override
    public void close() {
        workers.close();
    }
}
