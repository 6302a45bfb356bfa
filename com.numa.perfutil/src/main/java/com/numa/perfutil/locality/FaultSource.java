package com.numa.perfutil.locality;

import com.numa.core.io.KernelFiles;
import com.numa.perfutil.counters.PerfEventAttr;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What the kernel locality source samples, chosen once per window by {@link #choose}: the cleanest the kernel allows.
 * <ul>
 * <li>{@link #hintingFaults}: NUMA hinting faults themselves, through a kprobe on the kernel's {@code
 * numa_migrate_prep}, which runs once per hinting fault with the faulting address and the page's node before any
 * migration as its third and fourth arguments (read from the x86-64 registers DX and CX). No first touch is among them,
 * and no page has to be asked where it is.</li>
 * <li>{@link #PAGE_FAULTS}: every user-mode page fault (software event {@code page-faults}) with its address; the
 * hinting faults are among them with the ordinary first touches, and each page's node comes from move_pages.</li>
 * </ul>
 */
final class FaultSource {
    /** The kernel function probed: called once per NUMA hinting fault (Linux 3.x to 6.10). */
    static final String PROBED = "numa_migrate_prep";
    static final int PERF_TYPE_SOFTWARE = 1;
    static final long PERF_COUNT_SW_PAGE_FAULTS = 2;
    static final long SAMPLE_TID = 1L << 1, SAMPLE_ADDR = 1L << 3, SAMPLE_CPU = 1L << 7, SAMPLE_REGS_INTR = 1L << 18;
    /** perf_regs x86: CX is bit 2, DX bit 3. */
    static final long REGS_CX_DX = (1L << 2) | (1L << 3);
    private static final Path KPROBE_TYPE = Path.of("/sys/bus/event_source/devices/kprobe/type");

    static final FaultSource PAGE_FAULTS = new FaultSource(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, null,
            SAMPLE_TID | SAMPLE_ADDR | SAMPLE_CPU, 0, true, SampleRecords.Layout.ADDRESS,
            "perf software event page-faults (sample_period 1, PERF_SAMPLE_TID|ADDR|CPU, user-mode faults, one ring "
                    + "buffer per thread): hinting faults and first touches; each page's node by move_pages, each "
                    + "CPU's node from sysfs",
            "page-fault sampling of thread %d (kernel.perf_event_paranoid at most 2 allows a process's own threads; a "
                    + "thread that ended cannot be sampled)");

    /** The probed function's name, as perf_event_attr.config1 points to it; kept for the life of the process. */
    private static final Memory PROBED_NAME = cString(PROBED);

    private final int type;
    private final long config;
    private final Memory function;
    private final long sampleType;
    private final long sampleRegsIntr;
    private final boolean userOnly;
    final SampleRecords.Layout layout;
    /** How the samples are taken, in the words the report prints. */
    final String method;
    private final String openHint;

    private FaultSource(int type, long config, Memory function, long sampleType, long sampleRegsIntr, boolean userOnly,
            SampleRecords.Layout layout, String method, String openHint) {
        this.type = type;
        this.config = config;
        this.function = function;
        this.sampleType = sampleType;
        this.sampleRegsIntr = sampleRegsIntr;
        this.userOnly = userOnly;
        this.layout = layout;
        this.method = method;
        this.openHint = openHint;
    }

    /** The kprobe PMU's type (from sysfs) sampling every call of {@link #PROBED}. */
    static FaultSource hintingFaults(int kprobeType) {
        return new FaultSource(kprobeType, 0, PROBED_NAME, SAMPLE_TID | SAMPLE_CPU | SAMPLE_REGS_INTR, REGS_CX_DX,
                false, SampleRecords.Layout.ARGUMENT_REGISTERS,
                "NUMA hinting faults through a kprobe on " + PROBED + " (sample_period 1, PERF_SAMPLE_TID|CPU|REGS_INTR,"
                        + " one ring buffer per thread): each fault's address and its page's node before any migration, "
                        + "each CPU's node from sysfs",
                "the kprobe on " + PROBED + " for thread %d (root or CAP_PERFMON; a thread that ended cannot be "
                        + "sampled)");
    }

    /** Fills {@code attr} for this source, disabled until the ring is mapped. */
    void fill(PerfEventAttr attr) {
        attr.type = type;
        attr.size = PerfEventAttr.SIZE_VER5;
        attr.config = config;
        attr.config1 = function == null ? 0 : Pointer.nativeValue(function);
        attr.samplePeriod = 1;
        attr.sampleType = sampleType;
        attr.sampleRegsIntr = sampleRegsIntr;
        attr.flags = PerfEventAttr.DISABLED | PerfEventAttr.EXCLUDE_HV | (userOnly ? PerfEventAttr.EXCLUDE_KERNEL : 0);
    }

    /** What perf_event_open is asked, for its error message. */
    String openHint(int tid) {
        return String.format(Locale.ROOT, openHint, tid);
    }

    boolean probesHintingFaults() {
        return layout == SampleRecords.Layout.ARGUMENT_REGISTERS;
    }

    /** The source chosen, and why the hinting-fault probe was not ("" when it was). */
    record Choice(FaultSource source, String whyNotProbed) {
    }

    /**
     * The hinting-fault probe where it can run: balancing on, two or more nodes, x86-64, a kprobe PMU, {@link #PROBED}
     * in the kernel, and a trial probe on the calling thread that opens; else every page fault, and why.
     */
    static Choice choose(boolean balancingOn, int realNodes) {
        if (!balancingOn) {
            return pageFaults("NUMA balancing is off, so there is no hinting fault to probe");
        }
        if (realNodes < 2) {
            return pageFaults("one NUMA node takes no hinting faults");
        }
        if (!System.getProperty("os.arch", "").equals("amd64")) {
            return pageFaults("the probe reads x86-64 argument registers, and this is " + System.getProperty("os.arch"));
        }
        int kprobeType;
        try {
            kprobeType = Integer.parseInt(KernelFiles.read(KPROBE_TYPE).strip());
        } catch (IOException | NumberFormatException e) {
            return pageFaults("this kernel has no kprobe PMU (" + KPROBE_TYPE + ")");
        }
        if (!kernelHas(PROBED)) {
            return pageFaults("this kernel has no " + PROBED + " to probe (newer kernels renamed it)");
        }
        FaultSource probe = hintingFaults(kprobeType);
        try {
            FaultRing.open(LinuxSyscalls.gettid(), FaultRing.MIN_DATA_PAGES, probe).close();
        } catch (RuntimeException e) {
            return pageFaults("the probe could not be opened: " + e.getMessage());
        }
        return new Choice(probe, "");
    }

    private static Choice pageFaults(String why) {
        return new Choice(PAGE_FAULTS, why);
    }

    /** Whether /proc/kallsyms lists a text symbol of this name (names are readable without root). */
    static boolean kernelHas(String symbol) {
        try (Stream<String> lines = Files.lines(Path.of("/proc/kallsyms"))) {
            return lines.anyMatch(l -> l.endsWith(" " + symbol) && (l.contains(" T ") || l.contains(" t ")));
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static Memory cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        Memory m = new Memory(b.length + 1L);
        m.write(0, b, 0, b.length);
        m.setByte(b.length, (byte) 0);
        return m;
    }
}
