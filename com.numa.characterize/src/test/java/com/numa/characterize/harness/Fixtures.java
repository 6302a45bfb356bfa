package com.numa.characterize.harness;

import com.numa.characterize.suite.RunOptions;
import java.util.List;
import java.util.Map;

/** Benchmark descriptions made up for these tests, in the shapes of DaCapo's cnf files and Renaissance's metadata. */
final class Fixtures {

    /** A per-CPU benchmark whose small size allows at most 4 threads. */
    static final String LUSEARCH_CNF = """
            // made up for numa-jvm's tests
            benchmark lusearch
              class org.example.Search
              thread-model per_cpu;

            size small args "-index", "${DATA}/small", "-threads", "${THREADS}"
              thread-limit 4
              output stdout digest 0x01;

            size default args "-index", "${DATA}/default", "-threads", "${THREADS}"
              thread-limit 256
              output stdout digest 0x02;

            description
              short   "searches an index (a size and a thread-limit 9 in a string must not count)",
              threads "one query thread per CPU";
            """;

    /** A single-threaded benchmark with two sizes. */
    static final String FOP_CNF = """
            benchmark fop
              class org.example.Render
              thread-model single;
            /* the sizes */
            size small args "small.fo"
            size default args "default.fo"
            description
              threads "single threaded";
            """;

    static final Map<String, String> DACAPO_CNFS = Map.of("lusearch", LUSEARCH_CNF, "fop", FOP_CNF);

    static final String RENAISSANCE_PROPERTIES = """
            # made up for numa-jvm's tests
            benchmark.scrabble.name=scrabble
            benchmark.scrabble.groups=functional
            benchmark.scrabble.configuration.default.data=/words.txt
            benchmark.scrabble.configuration.test.data=/few-words.txt
            benchmark.fj-kmeans.name=fj-kmeans
            benchmark.fj-kmeans.groups=concurrency
            benchmark.fj-kmeans.configuration.default.thread_count=$cpu.count
            benchmark.fj-kmeans.configuration.test.thread_count=$cpu.count
            benchmark.failing.name=failing
            benchmark.failing.groups=functional
            benchmark.failing.fails_last=true
            benchmark.failing.configuration.default.data=/none
            benchmark.dummy-empty.name=dummy-empty
            benchmark.dummy-empty.groups=dummy
            benchmark.dummy-empty.configuration.default.unused=1
            """;

    private Fixtures() {
    }

    static RunOptions options(int threads, int warmup, int iterations, String size, boolean quick, String... only) {
        return new RunOptions(threads, warmup, iterations, size, quick, List.of(only));
    }
}
