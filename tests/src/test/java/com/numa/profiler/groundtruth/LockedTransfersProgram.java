package com.numa.profiler.groundtruth;

import java.util.concurrent.CyclicBarrier;

/**
 * Threads move amounts between shared accounts' {@code long} balances under the accounts' locks: every dependency
 * between the threads is a primitive field written by one thread and read by another. Each round thread t moves an
 * amount from account t to account t + 1 and waits for the others at a barrier (so that the rounds interleave on any
 * machine): every account's balance is written by two threads per round, so at least one of its two writes is a shared
 * write (owner = last writer). Prints the (conserved) total.
 */
public final class LockedTransfersProgram {
    static final int THREADS = 4;
    static final int ACCOUNTS = THREADS;

    static final class Account {
        long balance;
        long transfers;
    }

    public static void main(String[] args) throws InterruptedException {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        CyclicBarrier round = new CyclicBarrier(THREADS);
        Account[] accounts = new Account[ACCOUNTS];
        for (int a = 0; a < ACCOUNTS; a++) {
            accounts[a] = new Account();
            accounts[a].balance = 1_000_000;
        }
        Object lock = new Object();
        Thread[] workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                for (int i = 0; i < iterations; i++) {
                    Account from = accounts[me];
                    Account to = accounts[(me + 1) % ACCOUNTS];
                    synchronized (lock) {
                        long amount = from.balance / 100;
                        from.balance -= amount;
                        to.balance += amount;
                        from.transfers++;
                    }
                    SynchronizedMapAndCounterProgram.await(round);
                }
            }, "transfer-worker-" + t);
        }
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        long total = 0;
        long transfers = 0;
        for (Account a : accounts) {
            total += a.balance;
            transfers += a.transfers;
        }
        System.out.println("total=" + total + " transfers=" + transfers);
    }
}
