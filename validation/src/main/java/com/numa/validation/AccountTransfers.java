package com.numa.validation;

import java.util.SplittableRandom;

/**
 * Moves money between shared accounts: each transfer locks both accounts (in id order) and updates their {@code long}
 * balances, so the threads write each other's primitive fields. Arguments: threads (4), transfers per thread
 * (3,000,000), accounts (1,000).
 */
public final class AccountTransfers {
    static final class Account {
        final int id;
        long balance;

        Account(int id, long balance) {
            this.id = id;
            this.balance = balance;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = Args.positive(args, 0, "threads", 4);
        int transfers = Args.positive(args, 1, "transfers per thread", 3_000_000);
        int count = Args.positive(args, 2, "accounts", 1_000);
        Account[] accounts = new Account[count];
        for (int i = 0; i < count; i++) {
            accounts[i] = new Account(i, 10_000);
        }
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            long seed = t;
            workers[t] = new Thread(() -> {
                SplittableRandom random = new SplittableRandom(seed);
                for (int i = 0; i < transfers; i++) {
                    Account from = accounts[random.nextInt(count)];
                    Account to = accounts[random.nextInt(count)];
                    if (from != to) {
                        transfer(from, to, 1 + random.nextInt(100));
                    }
                }
            });
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        long total = 0;
        for (Account a : accounts) {
            total += a.balance;
        }
        System.out.println("total=" + total + " (expected " + 10_000L * count + ")");
    }

    static void transfer(Account from, Account to, long amount) {
        Account first = from.id < to.id ? from : to;
        Account second = first == from ? to : from;
        synchronized (first) {
            synchronized (second) {
                if (from.balance >= amount) {
                    from.balance -= amount;
                    to.balance += amount;
                }
            }
        }
    }
}
