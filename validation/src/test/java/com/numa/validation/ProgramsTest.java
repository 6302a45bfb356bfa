package com.numa.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every program, on a tiny size, computes what it claims (the corpus's categories are checked by the tests module). */
class ProgramsTest {
    interface Main {
        void run(String[] args) throws Throwable;
    }

    private static String run(Main main, String... args) throws Throwable {
        PrintStream before = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            main.run(args);
        } finally {
            System.setOut(before);
        }
        return out.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void sharedCountersAndAccountsStayConsistent() throws Throwable {
        assertEquals("keys=1024 total=40000 consistent=true", run(SynchronizedMapCounter::main, "4", "10000"));
        assertTrue(run(AtomicVsLongAdder::main, "3", "1000").matches("atomic=3000 in \\d+ ms, adder=3000 in \\d+ ms"));
        assertEquals("total=1000000 (expected 1000000)", run(AccountTransfers::main, "3", "20000", "100"));
        assertEquals("distinct=5000 total=200000", run(ConcurrentWordCount::main, "100000", "2", "3"));
    }

    @Test
    void parallelProgramsAgreeWithTheirSerialSums() throws Throwable {
        assertEquals("threads=6 checksum=" + java.util.stream.LongStream.range(0, 6)
                .map(s -> ShortLivedThreads.sortAndSample(s, 5000)).sum(), run(ShortLivedThreads::main, "2", "3", "5000"));
        assertTrue(run(PoolTurnover::main, "2", "3", "2", "1000").endsWith(" checksum=" + expectedTurnover(3, 2, 1000)));
        String pi = run(InvokeAllTasks::main, "2", "200000", "4");
        assertTrue(Math.abs(Double.parseDouble(pi.substring(pi.indexOf('~') + 1)) - Math.PI) < 0.01, pi);
        assertEquals(run(ForkJoinSum::main, "1", "50000", "1"), run(ForkJoinSum::main, "3", "50000", "1"));
        long chains = 0;
        for (int r = 0; r < 5; r++) {
            chains += CompletableFutureChains.score(CompletableFutureChains.parse(CompletableFutureChains.fetch(r, 1000)));
        }
        assertEquals("requests=5 score=" + chains, run(CompletableFutureChains::main, "5", "1000"));
        assertTrue(run(ParallelStreamOrders::main, "1000", "2").startsWith("revenue="));
    }

    @Test
    void oneHeavyCrewGivesTheHeavyPartItsShareAndBothFormsAgree() throws Throwable {
        assertEquals(90, OneHeavyTask.share(0, 8, 100, 90));
        assertEquals(1, OneHeavyTask.share(7, 8, 100, 90), "10 samples over 7 light parts: 1 each");
        assertEquals(97, OneHeavyTask.total(8, 100, 90));
        assertEquals(OneHeavyTask.inside(3, 1000), InvokeAllTasks.insideCircle(3, 1000), "under a billion: one part");
        String threads = run(OneHeavyThread::main, "8", "2", "90");
        assertTrue(threads.startsWith("pi~3.1"), threads);
        assertEquals(threads, run(OneHeavyTask::main, "8", "2", "90"), "the same samples, on a pool");
    }

    private static long expectedTurnover(int batches, int tasks, int size) {
        long sum = 0;
        for (long seed = 0; seed < (long) batches * tasks; seed++) {
            sum += PoolTurnover.histogram(seed, size);
        }
        return sum;
    }

    @Test
    void queuesCachesAndConfinedWorkFinish() throws Throwable {
        assertTrue(run(ProducerConsumer::main, "3", "500", "8").startsWith("batches=500 result="));
        assertTrue(run(ReadMostlyCache::main, "2", "1000", "100").startsWith("baskets=2000 total="));
        String confined = run(ThreadConfinedWork::main, "2", "8", "2");
        double one = ThreadConfinedWork.multiplyOwnMatrices(0, 8, 2) + ThreadConfinedWork.multiplyOwnMatrices(1, 8, 2);
        assertEquals(String.format("trace sum=%.4f", one), confined);
        assertTrue(run(SingleThreadedReport::main, "1000", "1").startsWith("check="));
    }

    @Test
    void virtualThreadsRunFromJava21() throws Throwable {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need Java 21 (the program exits with status 3 before)");
        assertTrue(run(VirtualThreadTasks::main, "50", "1000").startsWith("requests=50 checksum="));
    }

    @Test
    void aBadArgumentIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Args.positive(new String[] {"x"}, 0, "threads", 4));
        assertEquals("argument 1 (threads) must be a positive whole number, not 'x'", e.getMessage());
        assertEquals(4, Args.positive(new String[0], 0, "threads", 4));
    }
}
