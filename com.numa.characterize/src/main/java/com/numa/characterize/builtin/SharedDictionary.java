package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;

/**
 * Explicitly Parallel (ISMM'23 §4.1.5) with Read-Only Dependencies (§4.2.3), after scrabble: main builds one
 * dictionary of words before the first iteration; {@code threads=} workers each check their own rack of candidate
 * words against it, the same number each. Every lookup reads the dictionary's bucket and chain entries, which main
 * wrote (shared reads); the only private reads are of the worker's own rack; nobody writes shared objects.
 */
public final class SharedDictionary implements Workload {
    static final String NAME = "shared-dictionary";
    static final int WORDS = 50_000;
    private static final int CANDIDATES = 25_000;
    private static final int PASSES = 40;

    private final WordDictionary dictionary = new WordDictionary(WORDS);
    private final WorkerCrew crew;
    private final String[][] racks;
    private final int passes;

    SharedDictionary(WorkloadArguments arguments) {
        passes = PASSES * arguments.size().scale();
        crew = new WorkerCrew(NAME, arguments.threads());
        racks = new String[arguments.threads()][];
        Setup.interruptibly(() -> crew.round(k -> {
            racks[k] = rack(k);
            return 0;
        }));
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, SharedDictionary::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        return crew.sum(this::play);
    }

    /** Worker k's part: every candidate of its rack looked up {@code passes} times; the sum of the hits' scores. */
    private long play(int k) {
        WordDictionary d = dictionary;
        String[] rack = racks[k];
        long total = 0;
        for (int p = 0; p < passes; p++) {
            for (String candidate : rack) {
                int score = d.score(candidate);
                if (score >= 0) {
                    total += score;
                }
            }
        }
        return total;
    }

    /** Candidates drawn from twice the dictionary's index range: about half are words, half are not. */
    private static String[] rack(int worker) {
        String[] rack = new String[CANDIDATES];
        long s = Mix.next(worker + 101L);
        for (int i = 0; i < CANDIDATES; i++) {
            s = Mix.next(s);
            rack[i] = WordDictionary.word(Long.remainderUnsigned(s, 2L * WORDS));
        }
        return rack;
    }

    @Override
    public void close() {
        crew.close();
    }
}
