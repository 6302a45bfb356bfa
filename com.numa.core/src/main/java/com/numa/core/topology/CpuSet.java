package com.numa.core.topology;

import java.util.Arrays;
import java.util.BitSet;
import java.util.stream.IntStream;

/** An immutable set of CPU ids, convertible to and from the kernel's bit mask and the sysfs list form "0-3,8". */
public final class CpuSet {
    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = bits;
    }

    public static CpuSet of(int... cpus) {
        BitSet b = new BitSet();
        for (int c : cpus) {
            if (c < 0) {
                throw new IllegalArgumentException("negative CPU id " + c);
            }
            b.set(c);
        }
        return new CpuSet(b);
    }

    public static CpuSet fromMask(long[] words) {
        return new CpuSet(BitSet.valueOf(words));
    }

    /** Parses the kernel list format used in sysfs and /proc ("0-3,8,10-11"); an empty string is the empty set. */
    public static CpuSet parseList(String list) {
        BitSet b = new BitSet();
        String s = list.trim();
        if (!s.isEmpty()) {
            for (String part : s.split(",")) {
                String p = part.trim();
                int dash = p.indexOf('-');
                try {
                    if (dash < 0) {
                        b.set(Integer.parseInt(p));
                    } else {
                        b.set(Integer.parseInt(p.substring(0, dash)), Integer.parseInt(p.substring(dash + 1)) + 1);
                    }
                } catch (NumberFormatException | IndexOutOfBoundsException e) {
                    throw new IllegalArgumentException("not a CPU list: '" + list + "' (expected e.g. 0-3,8)");
                }
            }
        }
        return new CpuSet(b);
    }

    public long[] toMask() {
        long[] w = bits.toLongArray();
        return w.length == 0 ? new long[1] : w;
    }

    public boolean contains(int cpu) {
        return cpu >= 0 && bits.get(cpu);
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public IntStream stream() {
        return bits.stream();
    }

    public int[] toArray() {
        // a loop, not bits.stream(): the agent resolves the topology before the application's main
        int[] out = new int[bits.cardinality()];
        int k = 0;
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
            out[k++] = i;
        }
        return out;
    }

    public CpuSet union(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.or(other.bits);
        return new CpuSet(b);
    }

    public CpuSet intersect(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.and(other.bits);
        return new CpuSet(b);
    }

    public boolean containsAll(CpuSet other) {
        BitSet b = (BitSet) other.bits.clone();
        b.andNot(bits);
        return b.isEmpty();
    }

    /** The kernel list form, e.g. "0-3,8". */
    public String toList() {
        StringBuilder sb = new StringBuilder();
        int i = bits.nextSetBit(0);
        while (i >= 0) {
            int end = bits.nextClearBit(i) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(i);
            if (end > i) {
                sb.append('-').append(end);
            }
            i = bits.nextSetBit(end + 1);
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet c && c.bits.equals(bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    @Override
    public String toString() {
        return "{" + toList() + "}";
    }

    /** Helper for tests and logs: the array form in order. */
    public String toArrayString() {
        return Arrays.toString(toArray());
    }
}
