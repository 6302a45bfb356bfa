package com.numa.perfutil.events;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one PMU term's bits go, from a sysfs {@code format/<term>} file such as {@code config:0-7},
 * {@code config1:0-15}, {@code config:21} or a split field {@code config:0-7,32-35}: the value's low bits fill the first
 * range, the next bits the following range, and so on.
 */
record PmuFormat(String term, int word, List<int[]> ranges) {

    /** Parses the file content; {@code term} names the file for messages. */
    static PmuFormat parse(String term, String content) {
        String s = content.strip();
        int colon = s.indexOf(':');
        String bad = "PMU format '" + term + "' is '" + s + "': expected e.g. config:0-7 or config1:0-15 or config:0-7,32-35";
        if (colon < 0) {
            throw new IllegalArgumentException(bad);
        }
        int word = switch (s.substring(0, colon)) {
            case "config" -> 0;
            case "config1" -> 1;
            case "config2" -> 2;
            default -> throw new IllegalArgumentException(bad + " (only config, config1 and config2 are supported)");
        };
        List<int[]> ranges = new ArrayList<>();
        for (String part : s.substring(colon + 1).split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            try {
                int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
                int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1));
                if (lo < 0 || hi > 63 || hi < lo) {
                    throw new IllegalArgumentException(bad);
                }
                ranges.add(new int[] {lo, hi});
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(bad);
            }
        }
        return new PmuFormat(term, word, List.copyOf(ranges));
    }

    /** Total number of bits the term can hold. */
    int width() {
        int w = 0;
        for (int[] r : ranges) {
            w += r[1] - r[0] + 1;
        }
        return w;
    }

    /** ORs {@code value} into {@code words[word]} at this term's bit positions; rejects values that do not fit. */
    void place(long value, long[] words) {
        int width = width();
        if (width < 64 && (value >>> width) != 0) {
            throw new IllegalArgumentException("value 0x" + Long.toHexString(value) + " does not fit PMU term '" + term
                    + "' (" + width + " bits)");
        }
        long v = value;
        for (int[] r : ranges) {
            int len = r[1] - r[0] + 1;
            long mask = len == 64 ? -1L : (1L << len) - 1;
            words[word] |= (v & mask) << r[0];
            v = len == 64 ? 0 : v >>> len;
        }
    }
}
