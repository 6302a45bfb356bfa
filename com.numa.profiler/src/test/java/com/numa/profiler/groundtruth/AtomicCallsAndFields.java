package com.numa.profiler.groundtruth;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Calls on the atomic boxes with every argument shape, and plain field accesses, with a deterministic result. */
public class AtomicCallsAndFields {
    int counter;
    long total;

    public static long compute() {
        AtomicCallsAndFields f = new AtomicCallsAndFields();
        AtomicLong al = new AtomicLong();
        AtomicInteger ai = new AtomicInteger();
        AtomicBoolean ab = new AtomicBoolean();
        AtomicReference<String> ar = new AtomicReference<>("a");
        long r = al.incrementAndGet(); // no argument: write
        r += al.addAndGet(5L); // one long (two slots): write
        r += al.compareAndSet(6L, 7L) ? 1 : 0; // two longs (four slots): the replaced call, write
        r += al.accumulateAndGet(2L, Long::sum); // three slots: not seen
        r += al.get(); // read
        ai.set(3); // one int: write
        r += ai.compareAndSet(3, 4) ? 1 : 0; // two ints: write
        r += ai.intValue(); // read
        r += ab.getAndSet(true) ? 1 : 0; // write
        r += ar.compareAndSet("a", "b") ? 1 : 0; // two references: write
        r += ar.get().length(); // read
        f.counter++; // field read and write
        f.total += r; // field read and write
        return f.total * 31 + f.counter;
    }
}
