package com.numa.bench;

import com.numa.perfutil.PerfUtil;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.GroupPlanner;
import com.numa.perfutil.counters.PerfEventGroup;
import com.numa.perfutil.counters.PerfThreadSampler;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ThreadInventory;
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
 * Cost of the perf_event_open backend's hot path with 100 parked threads counting 4 software events (target: under
 * 200 µs a pass): one read() of one thread's counter group; the pass the agent runs every interval, PerfUtil's thread
 * sampler over the real {@link ThreadInventory} (which lists /proc/self/task and maps Java names, so the JVM's own
 * threads are counted too); and, for comparison, the same sampler over a fixed list of the 100 threads.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// JMH, not ChildJvm, builds the fork's command line, and an annotation cannot ask TargetJava: the option is written
// here because JNA's native calls warn without it on JDK 22+ (JDK 17 accepts it and ignores it for JNA).
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class PerfReadBenchmark {
    static final List<String> EVENTS = List.of("task-clock", "context-switches", "page-faults", "cpu-migrations");
    static final int THREADS = 100;

    private final CountDownLatch release = new CountDownLatch(1);
    private List<ThreadIdentity> parked;
    private PerfEventGroup oneGroup;
    private PerfThreadSampler fixedListSampler;
    private PerfThreadSampler inventorySampler;

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
        fixedListSampler = PerfUtil.perThread(EVENTS, () -> fixed, System.err::println, GroupPlanner.defaults());
        if (fixedListSampler.sample().size() != THREADS) {
            throw new IllegalStateException("expected " + THREADS + " sampled threads");
        }
        ThreadInventory inventory = new ThreadInventory();
        inventory.registerMainThread(LinuxSyscalls.gettid()); // as the agent's premain does
        inventorySampler = PerfUtil.perThread(EVENTS, inventory, System.err::println, GroupPlanner.defaults());
        // the first pass opens every thread's counters and takes the thread dump; the measured ones only read
        int sampled = inventorySampler.sample().size();
        if (sampled < THREADS) {
            throw new IllegalStateException("expected at least " + THREADS + " sampled threads, got " + sampled);
        }
        System.err.println("real pass: " + sampled + " threads (the " + THREADS + " parked ones and the JVM's)");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        oneGroup.close();
        fixedListSampler.close();
        inventorySampler.close();
        release.countDown();
    }

    @Benchmark
    public List<CounterValue> readOneThreadGroup() {
        return oneGroup.read();
    }

    /** The agent's pass: list /proc/self/task, name the threads, read every thread's group. */
    @Benchmark
    public List<ThreadSample> samplePassOverThreadInventory() {
        return inventorySampler.sample();
    }

    /** The same reads over a list fixed in advance: what the pass costs without finding the threads. */
    @Benchmark
    public List<ThreadSample> samplePassOverFixedList() {
        return fixedListSampler.sample();
    }
}
