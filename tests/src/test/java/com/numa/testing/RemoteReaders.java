package com.numa.testing;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.locality.KernelLocality;
import com.numa.perfutil.locality.KernelLocalitySampler;
import com.numa.perfutil.locality.LocalityReport;
import com.numa.perfutil.locality.LocalityTally;
import com.numa.perfutil.locality.MemoryRanges;
import com.numa.perfutil.locality.NumaBalancing;
import java.util.Locale;
import java.util.Map;

/**
 * Run inside the NUMA guest by {@link KernelLocalityGuestIT}, with its memory on node 1 (numactl --balancing
 * --membind=1, so the balancer faults but cannot migrate): "remote-reader" on CPU 0 (node 0) and "local-reader" on
 * CPU 1 (node 1) each read an array of their own, first touched by a thread on node 1, for the given seconds while
 * the kernel locality source samples. Prints {@code key=value} lines for the test to judge on the host. A second
 * argument measures the cost instead: {@code off} (balancing as the kernel has it, nothing sampled), {@code tuned}
 * (balancing tuned, nothing sampled) or {@code sampled} (the default), each printing the readers' passes per second;
 * a third argument {@code probe} samples the hinting faults through the kprobe instead of every page fault.
 */
public final class RemoteReaders {
    private static final int LONGS = 4 << 20; // 32 MiB per array
    private static volatile long sink;

    private RemoteReaders() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        String mode = args.length > 1 ? args[1] : "sampled";
        long[] remote = new long[LONGS];
        long[] local = new long[LONGS];
        Thread toucher = new Thread(() -> {
            pin(1);
            java.util.Arrays.fill(remote, 1);
            java.util.Arrays.fill(local, 2);
        }, "toucher");
        toucher.start();
        toucher.join();
        int[] tids = new int[2];
        long ns = seconds * 1_000_000_000L;
        if (!mode.equals("sampled")) {
            NumaBalancing.Tuning t = mode.equals("tuned") ? NumaBalancing.system().tune(NumaBalancing.TUNED) : null;
            Thread a = reader("remote-reader", 0, remote, tids, 0, null, ns);
            Thread b = reader("local-reader", 1, local, tids, 1, null, ns);
            a.join();
            b.join();
            if (t != null) {
                System.out.println("balancing_during=" + t.during().describe());
                t.restore();
            }
            printPasses(seconds);
            return;
        }
        KernelLocality k = KernelLocality.start(NumaBalancing.system(), NumaBalancing.TUNED,
                KernelLocalitySampler.Options.DEFAULTS, MemoryRanges.ofPlatformServer(),
                args.length > 2 && args[2].equals("probe"));

        Thread a = reader("remote-reader", 0, remote, tids, 0, k, ns);
        Thread b = reader("local-reader", 1, local, tids, 1, k, ns);
        a.join();
        b.join();
        long stopStart = System.nanoTime();
        KernelLocality.Result r = k.stop();
        System.out.println("stop_ms=" + (System.nanoTime() - stopStart) / 1_000_000);
        LocalityReport rep = r.report();
        Map<Integer, LocalityTally.Split> threads = rep.tally().byThread();
        print("remote_reader", threads.get(tids[0]));
        print("local_reader", threads.get(tids[1]));
        System.out.println("remote_reader_heap=" + heapSamples(rep, tids[0]));
        System.out.println("samples=" + rep.samples());
        System.out.println("lost=" + rep.lostSamples());
        System.out.println("unresolved=" + rep.unresolvedSamples());
        System.out.println("samples_per_s=" + String.format(Locale.ROOT, "%.0f", rep.samplesPerSecond()));
        System.out.println("sampler_cpu_ms=" + rep.samplerCpuNs() / 1_000_000);
        System.out.println("balancing_during=" + r.during().describe());
        System.out.println("method=" + (rep.method().startsWith("NUMA hinting faults") ? "hinting-fault probe"
                : "page faults" + (r.whyNotProbed().isEmpty() ? "" : ": " + r.whyNotProbed())));
        System.out.println("balancing_before=" + r.before().describe());
        System.out.println("balancing_after=" + NumaBalancing.system().current().describe());
        System.out.println("vmstat=" + rep.vmstatDelta());
        System.out.println("setting_problems=" + r.settingProblems());
        System.out.println("thp=" + r.transparentHugePages());
        printPasses(seconds);
        System.out.print(rep.describe().replaceAll("(?m)^", "# "));
    }

    private static final long[] PASSES = new long[2];

    private static void printPasses(long seconds) {
        System.out.println("remote_reader_passes_per_s=" + String.format(Locale.ROOT, "%.2f", (double) PASSES[0] / seconds));
        System.out.println("local_reader_passes_per_s=" + String.format(Locale.ROOT, "%.2f", (double) PASSES[1] / seconds));
    }

    private static long heapSamples(LocalityReport rep, int tid) {
        return rep.tally().cells().entrySet().stream()
                .filter(e -> e.getKey().tid() == tid && e.getKey().range().startsWith(MemoryRanges.HEAP))
                .mapToLong(Map.Entry::getValue).sum();
    }

    private static void print(String who, LocalityTally.Split s) {
        System.out.println(who + "_samples=" + (s == null ? 0 : s.total()));
        System.out.println(who + "_remote_share=" + (s == null ? "NaN"
                : String.format(Locale.ROOT, "%.4f", s.remoteShare())));
    }

    private static Thread reader(String name, int cpu, long[] data, int[] tids, int slot,
            KernelLocality k, long ns) {
        Thread t = new Thread(() -> {
            pin(cpu);
            tids[slot] = LinuxSyscalls.gettid();
            while (k != null && !k.sampling(tids[slot])) {
                sleep(); // not spinning: the sampler, opening the threads, needs this CPU on a small guest
            }
            long sum = 0;
            long deadline = System.nanoTime() + ns; // from when the thread is sampled
            long passes = 0;
            while (System.nanoTime() < deadline) {
                for (int i = 0; i < data.length; i += 512) { // one long per 4 KiB page
                    sum += data[i];
                }
                passes++;
            }
            PASSES[slot] = passes;
            sink = sum;
        }, name);
        t.start();
        return t;
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void pin(int cpu) {
        LinuxSyscalls.schedSetaffinity(0, new long[] {1L << cpu});
    }
}
