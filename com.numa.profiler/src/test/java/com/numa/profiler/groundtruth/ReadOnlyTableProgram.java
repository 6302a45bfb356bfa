package com.numa.profiler.groundtruth;

/**
 * The main thread fills a table of SIZE ints; then READERS threads each sum it ROUNDS times and nobody writes it again:
 * READERS * ROUNDS * SIZE shared reads, all after the table's last write, a duplication candidate. Nothing is written
 * after it is shared, so there is neither false nor true sharing on it.
 */
public final class ReadOnlyTableProgram {
    static final int SIZE = 4096;
    static final int READERS = 3;
    static final int ROUNDS = 100;
    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        int[] table = new int[SIZE];
        for (int i = 0; i < SIZE; i++) {
            table[i] = i * 7;
        }
        Turns.run("reader", READERS, me -> {
            long sum = 0;
            for (int r = 0; r < ROUNDS; r++) {
                for (int i = 0; i < SIZE; i++) {
                    sum += table[i];
                }
            }
            sink = sum;
        });
    }
}
