package com.numa.perfutil.locality;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The sampled heap pages of one window, in address order, each with its local and remote samples: what the allocation
 * sites are matched against ({@link LocalitySites}). Pages without a sample are not here.
 */
public final class HeapPages {
    public static final HeapPages NONE = new HeapPages(new long[0], new long[0], new long[0]);

    private final long[] pages;
    private final long[] local;
    private final long[] remote;

    /** @param pages page addresses, ascending; {@code local} and {@code remote} are their samples, index for index */
    public HeapPages(long[] pages, long[] local, long[] remote) {
        if (pages.length != local.length || pages.length != remote.length) {
            throw new IllegalArgumentException("one local and one remote count per page");
        }
        for (int i = 1; i < pages.length; i++) {
            if (Long.compareUnsigned(pages[i - 1], pages[i]) >= 0) {
                throw new IllegalArgumentException("pages must be ascending and distinct");
            }
        }
        this.pages = pages.clone();
        this.local = local.clone();
        this.remote = remote.clone();
    }

    public int size() {
        return pages.length;
    }

    /** The samples on pages that start in [from, to): local, remote and the pages that had any. */
    public LocalityTally.Split within(long from, long to) {
        int i = firstAtOrAfter(from);
        long l = 0;
        long r = 0;
        for (; i < pages.length && Long.compareUnsigned(pages[i], to) < 0; i++) {
            l += local[i];
            r += remote[i];
        }
        return new LocalityTally.Split(l, r);
    }

    /** Pages with samples that start in [from, to). */
    public int pagesWithin(long from, long to) {
        return firstAtOrAfter(to) - firstAtOrAfter(from);
    }

    private int firstAtOrAfter(long address) {
        int lo = 0;
        int hi = pages.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(pages[mid], address) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The CSV columns of {@link #write}: the page's address in hex, then its samples. */
    public static final List<String> COLUMNS = List.of("page", "local_samples", "remote_samples");

    /** Writes the pages as CSV, atomically. */
    public void write(Path file) throws IOException {
        CsvTables.write(file, COLUMNS, out -> {
            for (int i = 0; i < pages.length; i++) {
                out.printRecord("0x" + Long.toHexString(pages[i]), local[i], remote[i]);
            }
        });
    }

    /** Reads a file {@link #write} wrote. */
    public static HeapPages read(Path file) throws IOException {
        List<long[]> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            for (CSVRecord r : p) {
                try {
                    String page = r.get("page");
                    if (!page.startsWith("0x")) {
                        throw new NumberFormatException("a page address is hex with 0x: " + page);
                    }
                    rows.add(new long[] {Long.parseUnsignedLong(page.substring(2), 16),
                            Long.parseLong(r.get("local_samples")), Long.parseLong(r.get("remote_samples"))});
                } catch (RuntimeException e) {
                    throw new IOException(file + ", line " + p.getCurrentLineNumber() + ": not a heap page row ("
                            + e.getMessage() + ")", e);
                }
            }
        }
        long[] a = new long[rows.size()];
        long[] l = new long[rows.size()];
        long[] r = new long[rows.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = rows.get(i)[0];
            l[i] = rows.get(i)[1];
            r[i] = rows.get(i)[2];
        }
        try {
            return new HeapPages(a, l, r);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "HeapPages" + Arrays.toString(Arrays.copyOf(pages, Math.min(4, pages.length))) + "... (" + pages.length + ")";
    }
}
