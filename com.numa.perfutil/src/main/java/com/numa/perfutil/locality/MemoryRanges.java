package com.numa.perfutil.locality;

import com.numa.core.io.KernelFiles;
import com.numa.perfutil.linux.ProcessMaps;
import com.numa.perfutil.linux.ProcessMaps.Mapping;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the part of the JVM's memory an address lies in: {@link #HEAP} (or a generation of it, where the collector
 * reports generations), {@link #CODE_CACHE}, {@link #METASPACE}, {@link #THREAD_STACKS} or {@link #OTHER}. The heap
 * and code cache come from the JVM itself (the diagnostic commands {@code GC.heap_info} and {@code Compiler.codecache},
 * the text {@code jcmd} prints); the class space from {@code VM.metaspace} where the JDK prints its range (JDK 21+) and
 * the CDS archive's mappings otherwise; thread stacks from /proc/self/maps: the main thread's {@code [stack]} and each
 * mapping that holds a thread's stack pointer as /proc/self/task/TID/syscall shows it (a thread blocked in the kernel
 * shows it; one running at that moment is found at a later refresh).
 */
public final class MemoryRanges {
    public static final String HEAP = "heap";
    public static final String CODE_CACHE = "code cache";
    public static final String METASPACE = "metaspace";
    public static final String THREAD_STACKS = "thread stacks";
    public static final String OTHER = "other";

    private static final Pattern BRACKETED = Pattern.compile("\\[(0x[0-9a-fA-F]+)(?:,\\s*0x[0-9a-fA-F]+)*,\\s*(0x[0-9a-fA-F]+)[)\\]]");
    private static final Pattern KLASS_RANGE = Pattern.compile("Klass Range:\\s*\\[(0x[0-9a-fA-F]+)\\s*-\\s*(0x[0-9a-fA-F]+)\\)");

    /** An address range [start, end) and its name. */
    public record Range(long start, long end, String name) {
        boolean contains(long address) {
            return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
        }
    }

    private final UnaryOperator<String> diagnosticCommand;
    private final List<Range> fromJvm = new ArrayList<>();
    private boolean jvmRead;
    private List<Range> jvm = List.of();
    private List<Range> stacks = List.of();
    private List<Mapping> maps = List.of();

    /**
     * @param diagnosticCommand runs a DiagnosticCommand operation ({@code gcHeapInfo}, {@code compilerCodecache},
     *                          {@code vmMetaspace}) and returns its text, or null when it cannot
     */
    public MemoryRanges(UnaryOperator<String> diagnosticCommand) {
        this.diagnosticCommand = diagnosticCommand;
    }

    /**
     * Ranges asked of the DiagnosticCommand bean through the platform MBean server (the agent passes its direct bean
     * instead, which starts no JMX).
     */
    public static MemoryRanges ofPlatformServer() {
        return new MemoryRanges(operation -> {
            try {
                return String.valueOf(java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
                        new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), operation,
                        new Object[] {new String[0]}, new String[] {String[].class.getName()}));
            } catch (javax.management.JMException e) {
                return null;
            }
        });
    }

    /**
     * Ranges asked of this JVM's DiagnosticCommand bean directly where {@code inst} can reach it (no JMX started), else
     * through the platform MBean server.
     */
    public static MemoryRanges ofJvm(java.lang.instrument.Instrumentation inst) {
        return com.numa.perfutil.threads.DiagnosticCommandBean.direct(inst).map(bean -> new MemoryRanges(operation -> {
            try {
                return com.numa.perfutil.threads.DiagnosticCommandBean.run(bean, operation);
            } catch (Exception e) {
                return null;
            }
        })).orElseGet(MemoryRanges::ofPlatformServer);
    }

    /**
     * As {@link #ofJvm}, but only the heap is asked for: the code cache and class space come out as {@link #OTHER}.
     * For a user of heap samples alone (the optimizer's page placement): each diagnostic command is a cold path the
     * JVM runs once, about 0.7 s of CPU under the project's emulated guest.
     */
    public static MemoryRanges heapOfJvm(java.lang.instrument.Instrumentation inst) {
        MemoryRanges all = ofJvm(inst);
        return new MemoryRanges(operation -> "gcHeapInfo".equals(operation) ? all.diagnosticCommand.apply(operation)
                : null);
    }

    /** Asks the JVM for its heap, code cache and class space ranges, once. */
    public synchronized void readJvmRanges() {
        if (!jvmRead) {
            jvmRead = true;
            fromJvm.addAll(heapRanges(run("gcHeapInfo")));
            fromJvm.addAll(codeCacheRanges(run("compilerCodecache")));
            fromJvm.addAll(classSpaceRanges(run("vmMetaspace")));
        }
    }

    /**
     * Reads the maps and the threads' stack pointers again; the JVM's own ranges only the first time (the heap and the
     * code cache are reserved once at start, and the diagnostic commands cost milliseconds each).
     */
    public void refresh(Iterable<Integer> tids) {
        readJvmRanges();
        List<Range> r = new ArrayList<>(fromJvm);
        try {
            maps = ProcessMaps.self();
        } catch (IOException e) {
            maps = List.of();
        }
        for (Mapping m : maps) {
            if (m.path().endsWith(".jsa")) {
                r.add(new Range(m.start(), m.end(), METASPACE)); // the CDS archive: classes' metadata mapped from a file
            }
        }
        jvm = List.copyOf(r);
        List<Range> s = new ArrayList<>(stacks);
        for (Mapping m : maps) {
            if (m.path().equals("[stack]")) {
                s.add(new Range(m.start(), m.end(), THREAD_STACKS));
            }
        }
        for (int tid : tids) {
            long sp = stackPointer(tid);
            Mapping m = sp == 0 ? null : mappingOf(sp);
            if (m != null && m.path().isEmpty()) {
                s.add(new Range(m.start(), m.end(), THREAD_STACKS));
            }
        }
        stacks = List.copyOf(s.stream().distinct().toList());
    }

    /** The name of the range holding {@code address}. */
    public String nameOf(long address) {
        for (Range r : jvm) {
            if (r.contains(address)) {
                return r.name();
            }
        }
        for (Range r : stacks) {
            if (r.contains(address)) {
                return r.name();
            }
        }
        return OTHER;
    }

    /** The JVM's own ranges found at the last refresh (for the report). */
    public List<Range> jvmRanges() {
        return jvm;
    }

    private String run(String operation) {
        try {
            return diagnosticCommand.apply(operation);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Mapping mappingOf(long address) {
        for (Mapping m : maps) {
            if (Long.compareUnsigned(address, m.start()) >= 0 && Long.compareUnsigned(address, m.end()) < 0) {
                return m;
            }
        }
        return null;
    }

    /**
     * The heap's ranges from GC.heap_info: a line naming the whole heap ("garbage-first heap ... [start, end)") gives
     * {@link #HEAP}; generations ("def new generation", "PSOldGen" ...) give "heap: NAME". Spaces inside a generation
     * (eden, from, to, "the space") are not ranges of their own.
     */
    static List<Range> heapRanges(String text) {
        List<Range> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String line : text.split("\n")) {
            Matcher m = BRACKETED.matcher(line);
            if (!m.find()) {
                continue;
            }
            String label = line.substring(0, m.start()).strip();
            int cut = label.indexOf(" total");
            label = (cut >= 0 ? label.substring(0, cut) : label).strip();
            String lower = label.toLowerCase(Locale.ROOT);
            if (lower.contains("space")) {
                continue;
            }
            String name = lower.contains("heap") ? HEAP : HEAP + ": " + label;
            out.add(new Range(hex(m.group(1)), hex(m.group(2)), name));
        }
        out.sort(Comparator.comparingLong(Range::start));
        return out;
    }

    /** Each CodeHeap's "bounds [low, high-used, high]" (or the single code cache's) from Compiler.codecache. */
    static List<Range> codeCacheRanges(String text) {
        List<Range> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String line : text.split("\n")) {
            if (line.strip().startsWith("bounds")) {
                Matcher m = BRACKETED.matcher(line);
                if (m.find()) {
                    out.add(new Range(hex(m.group(1)), hex(m.group(2)), CODE_CACHE));
                }
            }
        }
        return out;
    }

    /** The compressed class space's "Klass Range: [start - end)" of VM.metaspace (JDK 21 and newer print it). */
    static List<Range> classSpaceRanges(String text) {
        if (text == null) {
            return List.of();
        }
        Matcher m = KLASS_RANGE.matcher(text);
        return m.find() ? List.of(new Range(hex(m.group(1)), hex(m.group(2)), METASPACE)) : List.of();
    }

    /**
     * The stack pointer of a thread blocked in the kernel: /proc/self/task/TID/syscall holds "NR args... SP PC", or
     * "-1 SP PC" when blocked outside a system call; "running" (or an unreadable file) gives 0.
     */
    static long stackPointer(int tid) {
        try {
            return parseSyscallStackPointer(KernelFiles.read(Path.of("/proc/self/task/" + tid + "/syscall")));
        } catch (IOException e) {
            return 0;
        }
    }

    static long parseSyscallStackPointer(String text) {
        String[] f = KernelFiles.fields(text);
        if (f.length < 3 || !f[f.length - 2].startsWith("0x")) {
            return 0;
        }
        return hex(f[f.length - 2]);
    }

    private static long hex(String s) {
        return Long.parseUnsignedLong(s.substring(2), 16);
    }
}
