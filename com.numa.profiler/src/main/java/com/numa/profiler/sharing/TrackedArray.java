package com.numa.profiler.sharing;

/**
 * The words of an array are its elements, possibly millions: word states and line masks are kept in pages of
 * {@value #PAGE} elements and {@value #PAGE} lines, made when an access first reaches them (the profiler tracks an array
 * chunk by chunk, so only the chunks written after sharing get pages).
 */
final class TrackedArray extends TrackedObject {
    static final int PAGE = 64;
    private final int length;
    private final long[][] wordPages;
    private final long[][] linePages;

    TrackedArray(Object referent, int hash, int site, int homeNode, WordLayout layout, int length) {
        super(referent, hash, site, homeNode, layout);
        this.length = length;
        this.wordPages = new long[(length + PAGE - 1) / PAGE][];
        long lastLine = ((long) layout.base() + (long) length * layout.scale() + 8L * PLACEMENTS) >>> 6;
        this.linePages = new long[(int) (lastLine / PAGE) + 1][];
    }

    int length() {
        return length;
    }

    @Override
    long[] wordPage(int w) {
        long[] p = wordPages[w / PAGE];
        return p != null ? p : newWordPage(w / PAGE);
    }

    @Override
    long[] wordPageIfAny(int w) {
        return wordPages[w / PAGE];
    }

    private synchronized long[] newWordPage(int i) {
        if (wordPages[i] == null) {
            wordPages[i] = new long[PAGE * STRIDE];
        }
        return wordPages[i];
    }

    @Override
    int wordAt(int w) {
        return (w % PAGE) * STRIDE;
    }

    @Override
    long[] linePage(int line) {
        long[] p = linePages[line / PAGE];
        return p != null ? p : newLinePage(line / PAGE);
    }

    private synchronized long[] newLinePage(int i) {
        if (linePages[i] == null) {
            linePages[i] = new long[PAGE * PLACEMENTS];
        }
        return linePages[i];
    }

    @Override
    int lineAt(int placement, int line) {
        return (line % PAGE) * PLACEMENTS + placement;
    }

    @Override
    int words() {
        return length;
    }
}
