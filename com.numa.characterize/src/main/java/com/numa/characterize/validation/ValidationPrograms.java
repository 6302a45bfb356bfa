package com.numa.characterize.validation;

import com.numa.characterize.suite.AcceptableCategories;
import java.util.List;
import java.util.Set;

/**
 * The validation corpus's registry: every program of module {@code validation} with the categories the study may answer
 * for it, and why. The one place the corpus's ground truth is written; {@code --suite validation}, its report and the
 * end-to-end test all read it.
 *
 * <p>The ground truth assumes the default {@code --threads} (the machine's usable CPUs) and at least 2 CPUs. Workers
 * are judged against the machine's CPUs: TLP-Bound means fewer threads doing the work than CPUs. Where the answer
 * depends on the Java version or the CPU count (the common pool's size, CompletableFuture's default executor), the
 * registry is built for the target Java and the machine.
 */
public final class ValidationPrograms {
    static final String SINGLE = "Single-Threaded";
    static final String TLP = "TLP-Bound";
    static final String EP = "Explicitly Parallel";
    static final String IMBALANCED = "Imbalanced";
    static final String EMBARRASSINGLY_IMBALANCED = "Embarrassingly Imbalanced";
    static final String DATA_PARALLEL = "Data Parallel";
    static final String READ_WRITE = "Read & Write Dependencies";
    static final String READ_ONLY = "Read-Only Dependencies";
    static final String UNCERTAIN = AcceptableCategories.UNCERTAIN;

    private static final String PACKAGE = "com.numa.validation.";

    private ValidationPrograms() {
    }

    /** Every program, in report order, with the ground truth for {@code javaFeature} on {@code cpus} usable CPUs. */
    public static List<ValidationProgram> all(int javaFeature, int cpus) {
        return List.of(
                program("synchronized-map", "SynchronizedMapCounter", List.of("{2threads}", "8000000*c"),
                        truth(Set.of(EP), Set.of(READ_WRITE), "twice as many threads as CPUs, each doing the same number "
                                + "of updates (the work is balanced, however the lock hands it out); every update writes the "
                                + "map and the AtomicLong the other threads write"),
                        "Collections.synchronizedMap(HashMap) and one AtomicLong updated by twice as many threads as CPUs"),
                program("concurrent-word-count", "ConcurrentWordCount", List.of("1000000", "24*"),
                        truth(Set.of(EP), Set.of(READ_WRITE), "the pool has one thread per available processor, given equal "
                                + "chunks; every thread merges counts into the same ConcurrentHashMap entries"),
                        "ConcurrentHashMap.merge over a shared read-only word list, from a pool sized by the CPUs"),
                program("atomic-vs-adder", "AtomicVsLongAdder", List.of("{threads}", "120000000*c"),
                        truth(Set.of(EP, IMBALANCED, UNCERTAIN), Set.of(READ_WRITE, READ_ONLY), "one thread per CPU "
                                + "increments one AtomicLong, then new threads a LongAdder, equally; the AtomicLong is one "
                                + "word every thread writes. The same increments cost the two phases' threads different "
                                + "numbers of object accesses, so the object-access imbalance can read Imbalanced (the "
                                + "paper's computation-memory heterogeneity). The second phase's threads start and end "
                                + "within a run: when the thread watch misses their start, over 20% of the CPU is in no "
                                + "thread's counts and the parallelism is Uncertain, as it should then be. An increment is "
                                + "a shared write only when another thread incremented last: on a busy 2-CPU machine a "
                                + "thread keeps its CPU for thousands of increments, and the LongAdder's cell updates "
                                + "(VarHandle CAS) are not seen, so shared writes measured 0.2-10% and Read-Only "
                                + "Dependencies is what the profile can show there"),
                        "one AtomicLong, then one LongAdder, incremented by one thread per CPU"),
                program("account-transfers", "AccountTransfers", List.of("{threads}", "30000000*", "1000"),
                        truth(Set.of(EP), Set.of(READ_WRITE), "one thread per CPU, equal transfers; each transfer writes the "
                                + "long balances of two shared accounts under their locks"),
                        "transfers between shared accounts' long fields under two locks"),
                program("short-lived-threads", "ShortLivedThreads", List.of("{threads}", "30*", "300000"),
                        truth(Set.of(EP), Set.of(DATA_PARALLEL), "waves of one new thread per CPU, each living "
                                + "about 50 ms on an array of its own: all CPUs busy with equal work, though no thread "
                                + "lives long"),
                        "a new thread per piece of work (about 50 ms each), one wave per CPU count"),
                program("pool-turnover", "PoolTurnover", List.of("{threads}", "60*", "{threads}", "300000"),
                        truth(Set.of(EP), Set.of(DATA_PARALLEL), "a pool of one thread per CPU whose threads time out between "
                                + "batches and are replaced: equal tasks, each on data of its own"),
                        "ThreadPoolExecutor with a 1 ms keep-alive: its threads end and restart between batches"),
                program("invoke-all", "InvokeAllTasks", List.of("{threads}", "24000000*"),
                        truth(Set.of(EP), Set.of(DATA_PARALLEL), "a fixed pool of one thread per CPU runs equal tasks given "
                                + "with invokeAll while main waits; each task works on samples of its own"),
                        "ExecutorService.invokeAll of equal Monte Carlo tasks, main waiting"),
                program("parallel-stream", "ParallelStreamOrders", List.of("400000", "80*"),
                        truth(Set.of(EP, IMBALANCED), Set.of(READ_ONLY), "main and the common pool's CPUs-1 threads share the "
                                + "stream (one thread per CPU in all); work stealing balances them only as finely as the "
                                + "split allows and main also carries the start-up and the list's creation, so a moderate "
                                + "imbalance is a fair reading too. Never TLP-Bound: main does worker work. Everyone reads "
                                + "the orders main created"),
                        "a parallel stream over orders main created; main takes part in the work"),
                program("completable-future", "CompletableFutureChains", List.of("1600*", "40000"),
                        truth(completableFutureParallelism(javaFeature, cpus), Set.of(DATA_PARALLEL, READ_ONLY),
                                completableFutureWhy(javaFeature, cpus)),
                        "supplyAsync, thenApplyAsync, thenApply chains on the default executor, joined by main"),
                program("fork-join", "ForkJoinSum", List.of("{threads}", "4000000", "16*"),
                        truth(Set.of(EP, IMBALANCED, UNCERTAIN), Set.of(READ_ONLY), "a ForkJoinPool of one thread per "
                                + "CPU splits the range down to equal leaves; every worker reads the array main filled. Work "
                                + "stealing on a time-shared machine hands the leaves out unevenly, as the paper found for "
                                + "fj-kmeans (Imbalanced), so Imbalanced is a fair reading too. Where Single Node has fewer "
                                + "CPUs than the pool has threads, one worker can take nearly every leaf in the profiled "
                                + "run; All Nodes' scaling then contradicts the per-thread figures and Uncertain is the "
                                + "honest answer"),
                        "RecursiveTask summing a function of an array main filled, on a ForkJoinPool"),
                new ValidationProgram("virtual-threads", PACKAGE + "VirtualThreadTasks", List.of("4000*", "60000"),
                        truth(Set.of(EP, IMBALANCED, UNCERTAIN), Set.of(DATA_PARALLEL), "one virtual thread per request, "
                                + "carried by one platform thread per CPU; equal requests, each on a buffer of its own. "
                                + "The carriers are judged by CPU time (a virtual thread's accesses cannot be put on the "
                                + "carrier that made them), and a busy machine gives the carrier that had a CPU more "
                                + "requests to steal: Imbalanced is a fair reading there. On a one-CPU node the "
                                + "scheduler has one carrier, which no share rule tells from a single thread: Uncertain "
                                + "is the honest answer there"),
                        21, "one virtual thread per request (Executors.newVirtualThreadPerTaskExecutor); Java 21+"),
                program("producer-consumer", "ProducerConsumer", List.of("{threads}", "400000*", "32"),
                        truth(Set.of(EP, IMBALANCED), Set.of(READ_WRITE, READ_ONLY), "one consumer per CPU does the "
                                + "expensive part, equally; the one producer does little: below the worker share it is an "
                                + "auxiliary thread (Explicitly Parallel), above it a worker with less work than the others "
                                + "(Imbalanced). Every batch crosses threads through the queue, which both sides write; "
                                + "those hand-over writes are a small share of all accesses, near the study's 1% threshold "
                                + "of shared writes, so Read-Only Dependencies is a fair reading too"),
                        "one producer and one consumer per CPU over an ArrayBlockingQueue"),
                program("read-mostly-cache", "ReadMostlyCache", List.of("{threads}", "4000000*", "20000"),
                        truth(Set.of(EP), Set.of(READ_ONLY), "one reader per CPU, equal baskets; the writer sleeps 20 ms "
                                + "between updates, far below any worker's share. Readers read what main loaded; the rare "
                                + "writes are far below 1% of accesses"),
                        "a ConcurrentHashMap cache read by one thread per CPU, updated every 20 ms"),
                program("thread-confined", "ThreadConfinedWork", List.of("{threads}", "320", "40*"),
                        truth(Set.of(EP), Set.of(DATA_PARALLEL), "one thread per CPU multiplies matrices of its own; the only "
                                + "shared access is one addition per thread at the end"),
                        "thread-confined matrix products, one shared sum at the end"),
                program("one-heavy-thread", "OneHeavyThread", List.of("8", "400*", "90"),
                        truth(Set.of(EMBARRASSINGLY_IMBALANCED, IMBALANCED, UNCERTAIN), Set.of(DATA_PARALLEL), "eight "
                                + "platform threads heavy-pool-0..7 started together; heavy-pool-0 does 90% of the "
                                + "samples and the seven others 1.4% each, under the worker share. They live at the same "
                                + "time, so they are not a pool that turned over: the seven are heavy-pool-0's idle "
                                + "siblings, the imbalance is the work's (ISMM'23 §4.1.3). Each thread draws samples into "
                                + "an array of its own"),
                        "eight named platform threads alive together, one doing 90% of the work"),
                program("one-heavy-task", "OneHeavyTask", List.of("8", "400*", "90"),
                        truth(Set.of(EMBARRASSINGLY_IMBALANCED, IMBALANCED, UNCERTAIN), Set.of(DATA_PARALLEL), "a fixed "
                                + "pool of eight threads named heavy-exec-0..7 gets one task each with invokeAll; one task "
                                + "holds 90% of the samples. The pool's threads stay alive together until shutdown: not "
                                + "a pool that turned over, and its seven lightly loaded threads are the imbalance"),
                        "an ExecutorService with named threads, one task of eight doing 90% of the work"),
                program("single-threaded", "SingleThreadedReport", List.of("300000", "4*"),
                        truth(Set.of(SINGLE), Set.of(DATA_PARALLEL), "main does all the work and starts no thread; with "
                                + "one thread nothing is shared"),
                        "a single-threaded batch job: generate, sort, group"),
                program("too-short-synchronized-map", "SynchronizedMapCounter", List.of("{2threads}", "20000"),
                        truth(Set.of(UNCERTAIN), Set.of(UNCERTAIN, READ_WRITE), "synchronized-map with about 50 ms of "
                                + "work: the window is mostly the JVM starting and compiling, too little application work to "
                                + "judge its parallelism; a profile that still holds enough accesses may rightly find the "
                                + "map's shared writes"),
                        "synchronized-map cut to about 50 ms of work"),
                program("brief-thread-confined", "ThreadConfinedWork", List.of("4", "160", "12"),
                        truth(Set.of(EP, TLP, UNCERTAIN), Set.of(DATA_PARALLEL, UNCERTAIN), Set.of(IMBALANCED), "thread-"
                                + "confined cut to about 150 ms: four threads with equal work. In a window that short the "
                                + "threads' CPU times differ by JIT warm-up and the order they started in (one thread "
                                + "measured twice another's), not by the work: balanced, no judgement, or Imbalanced only "
                                + "at low confidence, never a confident Imbalanced"),
                        "thread-confined with four threads cut to about 150 ms"),
                program("too-short-single-threaded", "SingleThreadedReport", List.of("20000", "1"),
                        truth(Set.of(UNCERTAIN), Set.of(UNCERTAIN, "Data Parallel"), "single-threaded with about 50 ms of "
                                + "work: too little application work in the window to judge its parallelism; one thread "
                                + "shares nothing, so a profile with enough accesses may rightly say Data Parallel"),
                        "single-threaded cut to about 50 ms of work"));
    }

    /**
     * On 2 CPUs the common pool has one thread, and there Java 17's CompletableFuture runs every async stage on a new
     * thread of its own (all CPUs busy), while Java 25's runs them on the common pool's one thread with main waiting
     * (TLP-Bound). With more CPUs, CPUs-1 pool threads are TLP-Bound by the rule but nearly Explicitly Parallel.
     */
    static Set<String> completableFutureParallelism(int javaFeature, int cpus) {
        if (cpus <= 2 && javaFeature >= 0 && javaFeature <= 17) {
            return Set.of(EP, UNCERTAIN); // hundreds of threads of a few ms: some may escape the thread watch (see why)
        }
        if (cpus <= 2 && javaFeature >= 25) {
            return Set.of(TLP);
        }
        return Set.of(TLP, EP);
    }

    private static String completableFutureWhy(int javaFeature, int cpus) {
        String stages = " A stage's data is read by the next stage, on the same thread or another, depending on which "
                + "thread the executor picks: shared reads or none.";
        if (cpus <= 2 && javaFeature >= 0 && javaFeature <= 17) {
            return "on 2 CPUs the common pool has one thread, so Java 17 runs each async stage on a new thread of its own: "
                    + "as many threads as tasks, every CPU busy. Each of those threads lives a few milliseconds; where "
                    + "too much CPU time ran on threads PerfUtil's thread watch could not count, Uncertain is the honest "
                    + "answer." + stages;
        }
        if (cpus <= 2 && javaFeature >= 25) {
            return "on 2 CPUs Java " + javaFeature + " runs the async stages on the common pool's one thread while main waits "
                    + "in join(): one worker for 2 CPUs." + stages;
        }
        return "the common pool's CPUs-1 threads run the stages while main waits: TLP-Bound by the rule, nearly Explicitly "
                + "Parallel in practice (and on 2 CPUs some Java versions start a thread per stage)." + stages;
    }

    private static ValidationProgram program(String name, String mainClass, List<String> arguments, AcceptableCategories truth,
            String does) {
        return new ValidationProgram(name, PACKAGE + mainClass, arguments, truth, 17, does);
    }

    private static AcceptableCategories truth(Set<String> parallelism, Set<String> dataDependency, String why) {
        return new AcceptableCategories(parallelism, dataDependency, why);
    }

    /** As above, with {@code weak}: answers acceptable only at low confidence or below. */
    private static AcceptableCategories truth(Set<String> parallelism, Set<String> dataDependency, Set<String> weak,
            String why) {
        return new AcceptableCategories(parallelism, dataDependency, why, weak);
    }
}
