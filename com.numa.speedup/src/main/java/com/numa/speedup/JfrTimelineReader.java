package com.numa.speedup;

import com.numa.core.threads.ThreadRoleRules;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordedThreadGroup;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a recording made with {@link JfrSettings} into a {@link RunTimeline}: which threads are the application's
 * workers, when they started and ended, when they waited, and the GC pauses.
 */
final class JfrTimelineReader {
    static final Set<String> WAIT_EVENTS = Set.of("jdk.JavaMonitorEnter", "jdk.JavaMonitorWait", "jdk.ThreadPark");
    static final String GC_PAUSE = "jdk.GCPhasePause";

    /**
     * Threads of the JDK that live in the main group but are not the application's work; Flight Recorder's threads,
     * the JDK's shutdown hooks and numa-jvm's own are told apart by {@link ThreadRoleRules}.
     */
    private static final List<String> JDK_SERVICE_PREFIXES = List.of("main", "DestroyJavaVM", "Common-Cleaner",
            "process reaper", "Attach Listener", "Notification Thread", "Signal Dispatcher", "Reference Handler",
            "Finalizer");

    private JfrTimelineReader() {
    }

    static RunTimeline read(Path recording) throws IOException {
        Map<Long, RecordedThread> started = new LinkedHashMap<>();
        Map<Long, Long> startNs = new HashMap<>();
        Map<Long, Long> endNs = new HashMap<>();
        Map<Long, List<Interval>> waits = new HashMap<>();
        List<Interval> pauses = new ArrayList<>();
        long lastNs = Long.MIN_VALUE;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                long end = nanos(e.getEndTime());
                lastNs = Math.max(lastNs, end);
                if (type.equals("jdk.ThreadStart")) {
                    RecordedThread t = e.getThread("thread");
                    if (t != null && isWorker(t, e.getStackTrace())) {
                        started.put(t.getJavaThreadId(), t);
                        startNs.put(t.getJavaThreadId(), nanos(e.getStartTime()));
                    }
                } else if (type.equals("jdk.ThreadEnd")) {
                    RecordedThread t = e.getThread("thread");
                    if (t != null) {
                        endNs.put(t.getJavaThreadId(), nanos(e.getStartTime()));
                    }
                } else if (type.equals(GC_PAUSE)) {
                    pauses.add(new Interval(nanos(e.getStartTime()), end));
                } else if (WAIT_EVENTS.contains(type) && e.getThread() != null) {
                    waits.computeIfAbsent(e.getThread().getJavaThreadId(), k -> new ArrayList<>())
                            .add(new Interval(nanos(e.getStartTime()), end));
                }
            }
        }
        List<WorkerTimes> workers = new ArrayList<>();
        for (Map.Entry<Long, RecordedThread> s : started.entrySet()) {
            long id = s.getKey();
            // A worker still running when the recording closed (a daemon) ends with the recording.
            long end = endNs.getOrDefault(id, lastNs);
            workers.add(new WorkerTimes(s.getValue().getJavaName(), id, startNs.get(id), end,
                    waits.getOrDefault(id, List.of()), WorkerTimes.UNKNOWN));
        }
        return new RunTimeline(workers, pauses);
    }

    /**
     * An application thread: not in the JDK's system groups, not one of the known service threads, and not started
     * by the shutdown sequence (hooks such as JFR's own dump run after the application has finished).
     */
    static boolean isWorker(RecordedThread t, RecordedStackTrace startedFrom) {
        String name = t.getJavaName();
        RecordedThreadGroup group = t.getThreadGroup();
        if (name == null || group == null || "system".equals(group.getName())
                || "InnocuousThreadGroup".equals(group.getName())
                || ThreadRoleRules.isFlightRecorder(name) || ThreadRoleRules.isJdkShutdownHook(name)
                || ThreadRoleRules.isTool(name)) {
            return false;
        }
        for (String prefix : JDK_SERVICE_PREFIXES) {
            if (name.equals(prefix) || (prefix.endsWith(" ") || prefix.endsWith("-")) && name.startsWith(prefix)) {
                return false;
            }
        }
        if (startedFrom != null) {
            for (RecordedFrame f : startedFrom.getFrames()) {
                if (f.getMethod() != null && "java.lang.Shutdown".equals(f.getMethod().getType().getName())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static long nanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
