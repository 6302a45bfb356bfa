package com.numa.bench;

import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.GroupPlanner;
import com.numa.perfutil.counters.PerfEventGroup;
import com.numa.perfutil.counters.PerfThreadSampler;
import com.numa.perfutil.counters.ProcThreadDirectory;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Cost of the perf_event_open backend's hot path: one read() of one thread's counter group, and one per-thread
 * sampling pass over 100 parked threads counting 4 software events (target: under 200 µs a pass). The last benchmark
 * adds the /proc/self/task directory listing to the pass, as a sampler without a Java-side directory pays it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class PerfReadBenchmark {
    static final List<String> EVENTS = List.of("task-clock", "context-switches", "page-faults", "cpu-migrations");
    static final int THREADS = 100;

    private final CountDownLatch release = new CountDownLatch(1);
    private List<ThreadIdentity> parked;
    private PerfEventGroup oneGroup;
    private PerfThreadSampler sampler;
    private PerfThreadSampler procSampler;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        parked = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            CompletableFuture<Integer> tid = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                tid.complete(LinuxSyscalls.gettid());
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "parked-" + i);
            t.setDaemon(true);
            t.start();
            parked.add(new ThreadIdentity(tid.get(10, TimeUnit.SECONDS), t.getName(), t.getId(), true,
                    ThreadRole.APPLICATION));
        }
        oneGroup = PerfEventGroup.open(EventParser.system().parseAll(EVENTS), parked.get(0).tid(), -1);
        List<ThreadIdentity> fixed = List.copyOf(parked);
        sampler = PerfUtil.perThread(EVENTS, () -> fixed, System.err::println, GroupPlanner.defaults());
        if (sampler.sample().size() != THREADS) {
            throw new IllegalStateException("expected " + THREADS + " sampled threads");
        }
        procSampler = PerfUtil.perThread(EVENTS, new ProcThreadDirectory(), System.err::println, GroupPlanner.defaults());
        procSampler.sample();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        oneGroup.close();
        sampler.close();
        procSampler.close();
        release.countDown();
    }

    @Benchmark
    public List<CounterValue> readOneThreadGroup() {
        return oneGroup.read();
    }

    @Benchmark
    public List<ThreadSample> samplePass100ParkedThreads() {
        return sampler.sample();
    }

    @Benchmark
    public List<ThreadSample> samplePassWithProcDirectory() {
        return procSampler.sample();
    }
}
