package com.numa.gc.heap;

/**
 * A FIFO of pending slots for one node's GC threads (FIFO keeps the copy order breadth-first, as in Cheney's
 * algorithm). Items are buffer offsets of reference slots, or negative root indexes. A plain lock suffices: the
 * queue is touched once per copied object, and the copy costs more.
 */
final class WorkQueue {
    static final long EMPTY = Long.MIN_VALUE;

    private long[] items = new long[1024];
    private int head;
    private int size;

    synchronized void push(long item) {
        if (size == items.length) {
            long[] bigger = new long[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) % items.length];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size) % items.length] = item;
        size++;
    }

    synchronized long poll() {
        if (size == 0) {
            return EMPTY;
        }
        long item = items[head];
        head = (head + 1) % items.length;
        size--;
        return item;
    }

    synchronized void clear() {
        head = 0;
        size = 0;
    }
}
