package com.numa.profiler.groundtruth;

/**
 * Threads move amounts between shared accounts' {@code long} balances under a lock: every dependency between the
 * threads is a primitive field written by one thread and read by another. Each round thread t moves an amount from
 * account t to account t + 1 ({@link Rounds}): every account's balance is written by two threads per round, so at least
 * one of its two writes is a shared write (owner = last writer). Prints the (conserved) total.
 */
public final class LockedTransfersProgram {
    static final int THREADS = 4;
    static final int ACCOUNTS = THREADS;

    static final class Account {
        long balance;
        long transfers;
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        Account[] accounts = new Account[ACCOUNTS];
        for (int a = 0; a < ACCOUNTS; a++) {
            accounts[a] = new Account();
            accounts[a].balance = 1_000_000;
        }
        Object lock = new Object();
        Rounds.run(THREADS, rounds, "transfer-worker-", (me, round) -> {
            Account from = accounts[me];
            Account to = accounts[(me + 1) % ACCOUNTS];
            synchronized (lock) {
                long amount = from.balance / 100;
                from.balance -= amount;
                to.balance += amount;
                from.transfers++;
            }
        });
        long total = 0;
        long transfers = 0;
        for (Account a : accounts) {
            total += a.balance;
            transfers += a.transfers;
        }
        System.out.println("total=" + total + " transfers=" + transfers);
    }
}
