package com.numa.opt.memory;

import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.locality.KernelLocality;
import com.numa.perfutil.locality.KernelLocalitySampler;
import com.numa.perfutil.locality.MemoryRanges;
import com.numa.perfutil.locality.NumaBalancing;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code -XX:NUMAOptsMemory=carrefour}: Carrefour's page placement inside the Awareness Thread. It opens the kernel
 * locality source for the JVM's run (NUMA balancing on and its scanner tuned where this process may, restored at the
 * end), collects the sampled heap touches per page and node, and once a second ({@link #STEP_NS}) lets
 * {@link CarrefourRules} decide and mbind act, on the Java heap only. It stays off, with one line saying why, where
 * the kernel locality source cannot see remote pages (the condition {@code numa doctor} reports,
 * {@link KernelLocality#blocker}), and where NUMA balancing stays off (only first touches would be sampled).
 */
public final class CarrefourPlacement implements AutoCloseable {
    /** The least time between two steps: fewer samples than a second's are too few to judge a page by. */
    public static final long STEP_NS = 1_000_000_000L;

    /** A decision log line: its action ({@code memory-collocate} ...) and reason (rule, figures, pages, bytes). */
    public record Line(String action, String reason) {
    }

    private final KernelLocality source;
    private final CarrefourStep step;
    private final String whyOff;
    private long lastStepNs;

    private CarrefourPlacement(KernelLocality source, CarrefourStep step, String whyOff) {
        this.source = source;
        this.step = step;
        this.whyOff = whyOff;
        this.lastStepNs = System.nanoTime();
    }

    /** An instance that moves nothing, for {@code why}. */
    public static CarrefourPlacement off(String why) {
        return new CarrefourPlacement(null, null, why);
    }

    /**
     * Starts sampling, or returns an instance that is off (see {@link #whyOff()}); never throws for what the machine
     * lacks.
     */
    public static CarrefourPlacement start(CarrefourRules.Settings settings, NumaTopology topology,
            Instrumentation inst, boolean logOnly) {
        String blocker = KernelLocality.blocker(KernelLocalitySampler.realNodeCount(), balancing(), null, true);
        if (blocker != null) {
            return off(blocker);
        }
        KernelLocality source;
        try {
            source = KernelLocality.start(NumaBalancing.system(), NumaBalancing.TUNED,
                    KernelLocalitySampler.Options.DEFAULTS, MemoryRanges.heapOfJvm(inst));
        } catch (RuntimeException | LinkageError e) {
            return off("the kernel locality source does not start: " + e.getMessage());
        }
        if (!source.balancingOn()) {
            String problems = String.join("; ", source.settingProblems());
            closeQuietly(source);
            return off("NUMA balancing is off and could not be turned on" + (problems.isEmpty() ? "" : ": " + problems)
                    + " (without it only first touches are sampled)");
        }
        int[] nodes = topology.nodes().stream().mapToInt(n -> n.realNode()).distinct().sorted().toArray();
        HeapTouches touches = new HeapTouches(nodes);
        source.onHeapSample(touches);
        CarrefourStep s = new CarrefourStep(touches, new SyscallPageMover(topology), new CarrefourRules(settings,
                System.nanoTime()), nodes, LinuxSyscalls.pageSize(), logOnly);
        return new CarrefourPlacement(source, s, null);
    }

    /** kernel.numa_balancing, or null where the kernel has no NUMA balancing. */
    private static Integer balancing() {
        String v = NumaBalancing.system().current().values().get("numa_balancing");
        try {
            return v == null ? null : Integer.valueOf(v.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public boolean on() {
        return step != null;
    }

    /** Why nothing is moved, or null when on. */
    public String whyOff() {
        return whyOff;
    }

    /** Decides and acts once a second at most; the decision log's lines (none between steps, or when off). */
    public List<Line> step() {
        long now = System.nanoTime();
        if (step == null || now - lastStepNs < STEP_NS) {
            return List.of();
        }
        long duration = now - lastStepNs;
        lastStepNs = now;
        return step.step(duration);
    }

    /** Key=value pairs for the decision log's summary line. */
    public String summary() {
        return "memory=carrefour " + (step == null ? "memory_off=" + whyOff.replace(' ', '_').replace(',', ';')
                : step.summary());
    }

    /** One sentence for the exit message. */
    public String describe() {
        return step == null ? "carrefour off: " + whyOff : "carrefour: " + step.summary();
    }

    /** Stops sampling and restores NUMA balancing's settings. */
    @Override
    public void close() {
        if (source != null) {
            source.onHeapSample(null);
            closeQuietly(source);
        }
    }

    private static void closeQuietly(KernelLocality k) {
        try {
            k.close();
        } catch (RuntimeException e) {
            // the settings are restored before the report is made; a report that fails is nothing to us
        }
    }
}
