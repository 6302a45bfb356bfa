package com.numa.perfutil.locality;

import com.numa.core.threads.ThreadRoleRules;
import com.numa.core.types.TypeNames;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * JFR's old-object sampler ({@code jdk.OldObjectSample}) as the allocation sites of the kernel locality source: {@link
 * #start} records it for the whole run and lets JFR write the file at exit (JFR's own shutdown hook, so no other hook
 * has to race it); {@link #read} gives each sampled object's address at the end, size, type and allocating frame.
 * Paths to GC roots are not asked for (cutoff 0), which keeps the end of the recording cheap. JFR reports only sampled
 * objects that are still alive at the end and that a young collection has followed since their allocation (on JDK 25
 * a System.gc() does not count): the long-lived data whose placement matters, not the garbage of the last moments. Objects numa-jvm allocated itself (on its own threads, in
 * the agent's start-up on main, or Flight Recorder's for the recording) are marked: they are not the application's.
 */
public final class ObjectSamples {
    static final String EVENT = "jdk.OldObjectSample";
    /** Frames of the allocation stack kept for the site: the allocating method, then its callers. */
    static final int SITE_FRAMES = 1;

    private ObjectSamples() {
    }

    /** Starts the recording; JFR writes it to {@code destination} when the JVM exits. */
    public static void start(Path destination) throws IOException {
        Recording r = new Recording();
        r.setName("numa-locality-sites");
        r.enable(EVENT).withStackTrace().with("cutoff", "0 ns");
        r.setDestination(destination);
        r.setDumpOnExit(true);
        r.start();
    }

    /** Where the agent starts: objects allocated under it, on main before the application, are the agent's. */
    static final String AGENT_ENTRY = "com.numa.vm.NumaAgent";

    /** The sampled objects in a recording made by {@link #start}, numa-jvm's own marked. */
    public static List<LocalitySites.SampledObject> read(Path recording) throws IOException {
        List<LocalitySites.SampledObject> out = new ArrayList<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (!e.getEventType().getName().equals(EVENT)) {
                    continue;
                }
                RecordedObject object = e.getValue("object");
                if (object == null) {
                    continue;
                }
                RecordedClass type = object.getValue("type");
                String typeName = type == null ? "?" : type.getName();
                long address = object.getLong("address");
                long bytes = e.hasField("objectSize") ? e.getLong("objectSize") : arrayBytes(typeName, e);
                out.add(new LocalitySites.SampledObject(address, bytes, TypeNames.of(typeName), site(e.getStackTrace()),
                        ours(e)));
            }
        }
        return out;
    }

    /**
     * Allocated by numa-jvm: on one of its threads, under the agent's start-up, or by Flight Recorder itself (the
     * recording is ours).
     */
    static boolean ours(RecordedEvent e) {
        RecordedThread t = e.getThread("eventThread");
        if (t != null && ThreadRoleRules.isTool(t.getJavaName())) {
            return true;
        }
        RecordedStackTrace stack = e.getStackTrace();
        return stack != null && stack.getFrames().stream().map(f -> f.getMethod().getType().getName())
                .anyMatch(c -> c.equals(AGENT_ENTRY) || c.startsWith("jdk.jfr."));
    }

    /** Where a JDK without {@code objectSize} (before 18) gives only the array length: elements x element size. */
    static long arrayBytes(String typeName, RecordedEvent e) {
        int elements = e.hasField("arrayElements") ? e.getInt("arrayElements") : -1;
        String readable = TypeNames.of(typeName);
        if (elements < 0 || !readable.endsWith("[]")) {
            return 0; // a plain object: its first page only
        }
        return 16L + (long) elements * elementBytes(readable.substring(0, readable.length() - 2));
    }

    /** Bytes per element of an array of {@code element} ("long", "java.lang.String", "int[]" ...). */
    static int elementBytes(String element) {
        switch (element) {
            case "long":
            case "double":
                return 8;
            case "int":
            case "float":
                return 4;
            case "short":
            case "char":
                return 2;
            case "byte":
            case "boolean":
                return 1;
            default:
                return 4; // references, compressed on heaps below 32 GiB
        }
    }

    /** The allocating frame, "Class.method:line"; "?" without a stack. */
    static String site(RecordedStackTrace stack) {
        if (stack == null || stack.getFrames().isEmpty()) {
            return "?";
        }
        List<String> parts = new ArrayList<>();
        for (RecordedFrame f : stack.getFrames().subList(0, Math.min(SITE_FRAMES, stack.getFrames().size()))) {
            parts.add(f.getMethod().getType().getName() + "." + f.getMethod().getName()
                    + (f.getLineNumber() > 0 ? ":" + f.getLineNumber() : ""));
        }
        return String.join(" < ", parts);
    }
}
