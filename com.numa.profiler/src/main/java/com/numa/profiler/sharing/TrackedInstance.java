package com.numa.profiler.sharing;

/** The words of an object are its fields (a few): one array of word states and one of line masks, made at once. */
final class TrackedInstance extends TrackedObject {
    private final long[] words;
    private final long[] lines;
    private final int lineCount;

    TrackedInstance(Object referent, int hash, int site, int homeNode, WordLayout layout) {
        super(referent, hash, site, homeNode, layout);
        int n = layout.size();
        long last = n == 0 ? 0 : layout.offset(n - 1);
        this.lineCount = (int) ((last + 8L * (PLACEMENTS - 1)) >>> 6) + 1;
        this.words = new long[n * STRIDE];
        this.lines = new long[PLACEMENTS * lineCount];
    }

    @Override
    long[] wordPage(int w) {
        return words;
    }

    @Override
    long[] wordPageIfAny(int w) {
        return words;
    }

    @Override
    int wordAt(int w) {
        return w * STRIDE;
    }

    @Override
    long[] linePage(int line) {
        return lines;
    }

    @Override
    int lineAt(int placement, int line) {
        return line * PLACEMENTS + placement;
    }

    @Override
    int words() {
        return layout.size();
    }
}
