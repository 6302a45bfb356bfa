package com.numa.perfutil.locality;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where in the program the sampled heap pages were allocated: each sampled object (JFR's old-object sampler, with its
 * address, size and allocation stack, {@link ObjectSamples}) is matched to the sampled heap pages it covers ({@link
 * HeapPages}), and the samples are summed per allocation site. Pure arithmetic, no I/O but the CSV.
 *
 * <p>Best effort, by construction: the sampler keeps a few hundred long-lived objects, biased to large ones; an
 * object's address is the one at the end of the run, so an object the collector moved during the window is matched
 * where it ended (G1 never moves humongous objects: large arrays match well); a page holds several small objects, so a
 * small object's samples are its page's. A site's pages are counted once however many of its objects share them.
 */
public final class LocalitySites {
    /**
     * One sampled object: its address at the end of the run, its size (0 where unknown: a plain object on a JDK before
     * 18), its type, where it was allocated, and whether numa-jvm allocated it ({@link ObjectSamples#ours}).
     */
    public record SampledObject(long address, long bytes, String type, String site, boolean ours) {
    }

    /** The samples on the pages of one allocation site's sampled objects. */
    public record Site(String site, String type, int objects, long bytes, int pages, long local, long remote) {
        /** remote / (local + remote), NaN without samples. */
        public double remoteShare() {
            return new LocalityTally.Split(local, remote).remoteShare();
        }
    }

    /** The CSV columns of {@link #write}. */
    public static final List<String> COLUMNS = List.of("site", "type", "objects", "bytes", "sampled_pages",
            "local_samples", "remote_samples", "remote_share");

    private LocalitySites() {
    }

    /**
     * Per allocation site and type, the samples on the pages its objects cover; numa-jvm's own objects and sites whose
     * objects cover no sampled page are left out. Most remote samples first.
     */
    public static List<Site> join(HeapPages pages, List<SampledObject> objects, int pageSize) {
        Map<List<String>, List<SampledObject>> bySite = new LinkedHashMap<>();
        for (SampledObject o : objects) {
            if (o.ours()) {
                continue;
            }
            bySite.computeIfAbsent(List.of(o.site(), o.type()), k -> new ArrayList<>()).add(o);
        }
        List<Site> out = new ArrayList<>();
        bySite.forEach((key, members) -> {
            long local = 0;
            long remote = 0;
            int covered = 0;
            long bytes = 0;
            for (long[] span : spans(members, pageSize)) {
                LocalityTally.Split s = pages.within(span[0], span[1]);
                local += s.local();
                remote += s.remote();
                covered += pages.pagesWithin(span[0], span[1]);
            }
            for (SampledObject o : members) {
                bytes += o.bytes();
            }
            if (covered > 0) {
                out.add(new Site(key.get(0), key.get(1), members.size(), bytes, covered, local, remote));
            }
        });
        out.sort(Comparator.comparingLong(Site::remote).reversed().thenComparing(Comparator.comparingLong(Site::local)
                .reversed()));
        return out;
    }

    /** The pages the objects cover, as [first page, end) spans, overlapping spans merged. */
    static List<long[]> spans(List<SampledObject> objects, int pageSize) {
        long mask = -(long) pageSize;
        List<long[]> raw = new ArrayList<>();
        for (SampledObject o : objects) {
            long from = o.address() & mask;
            long to = o.address() + Math.max(1, o.bytes());
            raw.add(new long[] {from, to});
        }
        raw.sort(Comparator.comparingLong(s -> s[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] s : raw) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && s[0] <= last[1]) {
                last[1] = Math.max(last[1], s[1]);
            } else {
                merged.add(s.clone());
            }
        }
        return merged;
    }

    /** Writes the sites as CSV, atomically. */
    public static void write(Path file, List<Site> sites) throws IOException {
        CsvTables.write(file, COLUMNS, out -> {
            for (Site s : sites) {
                out.printRecord(s.site(), s.type(), s.objects(), s.bytes(), s.pages(), s.local(), s.remote(),
                        Double.isNaN(s.remoteShare()) ? "" : String.format(Locale.ROOT, "%.4f", s.remoteShare()));
            }
        });
    }
}
