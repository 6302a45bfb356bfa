package com.numa.speedup;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The JFR events a speedup stack needs (Sartor et al., Section III), declared once: the measured runs get them on the
 * command line ({@code settings=none} plus one {@code +event#setting=value} per setting, so JFR does not parse a
 * {@code .jfc} XML file at start-up), and the output directory gets the same as {@code speedup.jfc} for anyone who
 * wants to record by hand.
 *
 * <p>Waits: the equations need each worker's summed wait (Sync_i), not each wait. Parks and contended monitor enters
 * shorter than {@link #WAIT_THRESHOLD} are not recorded one by one: they are the busiest events (a lock hand-off,
 * a fork/join worker's short park) and add up to little time. Measured on the built-in workloads at 2 threads,
 * waits under 10 us were 1% of dining-philosophers' 61,000 parks but 0.05% of their time, and 40% of
 * uneven-kmeans' parks but 0.1% of their time. What is not recorded is not lost for the stack: it is neither
 * running time nor a recorded wait, so it shows in the worker's {@code descheduled_ns} and in "other".
 * No stack traces on waits (the one costly part of an event); thread starts keep theirs, to tell shutdown hooks
 * (started from {@code java.lang.Shutdown}) from the application's workers.
 */
final class JfrSettings {
    /** Waits shorter than this are not recorded one by one (see the class comment). */
    static final String WAIT_THRESHOLD = "10 us";

    /** One event and its settings, in the order they are written. */
    record EventSettings(String event, List<Map.Entry<String, String>> settings) {
    }

    static final List<EventSettings> EVENTS = List.of(
            event("jdk.ThreadStart", "enabled", "true", "stackTrace", "true"),
            event("jdk.ThreadEnd", "enabled", "true"),
            event("jdk.GCPhasePause", "enabled", "true", "threshold", "0 ms"),
            event("jdk.JavaMonitorEnter", "enabled", "true", "stackTrace", "false", "threshold", WAIT_THRESHOLD),
            event("jdk.JavaMonitorWait", "enabled", "true", "stackTrace", "false", "threshold", WAIT_THRESHOLD),
            event("jdk.ThreadPark", "enabled", "true", "stackTrace", "false", "threshold", WAIT_THRESHOLD));

    private JfrSettings() {
    }

    /**
     * {@code -XX:StartFlightRecording=...} writing to {@code recording} at exit, with only {@link #EVENTS}. JFR splits
     * the option at commas and its settings at '=', so a recording path holding either is refused.
     */
    static String startOption(Path recording) {
        String path = recording.toAbsolutePath().toString();
        if (path.contains(",") || path.contains("=")) {
            throw new IllegalArgumentException("JFR cannot write to " + path + " (a path with ',' or '=' breaks "
                    + "-XX:StartFlightRecording); use an output directory without them");
        }
        StringBuilder option = new StringBuilder("-XX:StartFlightRecording=filename=").append(path)
                .append(",settings=none");
        for (EventSettings e : EVENTS) {
            for (Map.Entry<String, String> s : e.settings()) {
                option.append(",+").append(e.event()).append('#').append(s.getKey()).append('=')
                        .append(s.getValue().replace(" ", ""));
            }
        }
        return option.toString();
    }

    /** The same settings as a {@code .jfc} file ({@code -XX:StartFlightRecording=settings=speedup.jfc}). */
    static String jfc() {
        String events = EVENTS.stream().map(e -> "  <event name=\"" + e.event() + "\">" + e.settings().stream()
                .map(s -> "<setting name=\"" + s.getKey() + "\">" + s.getValue() + "</setting>")
                .collect(Collectors.joining()) + "</event>").collect(Collectors.joining("\n"));
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- numa speedup-stack: the events its measured runs record (they pass them on the command line,
                     settings=none plus +event#setting=value); waits shorter than %s are not recorded one by one. -->
                <configuration version="2.0" label="numa speedup-stack" description="Thread lifetimes, waits and GC pauses" provider="numa-jvm">
                %s
                </configuration>
                """.formatted(WAIT_THRESHOLD, events);
    }

    private static EventSettings event(String name, String... keyValues) {
        List<Map.Entry<String, String>> settings = new java.util.ArrayList<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            settings.add(Map.entry(keyValues[i], keyValues[i + 1]));
        }
        return new EventSettings(name, List.copyOf(settings));
    }
}
