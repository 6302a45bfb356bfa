package com.numa.core.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.OutputPaths;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which JVM wrote an output file: its host, pid, start time, command (main class or jar) and the user's label
 * ({@code -XX:NUMALabel}), and the anchor that turns this JVM's {@code System.nanoTime} into wall-clock epoch time
 * ({@link #epochNs}), so that timestamps written by different JVMs line up. Host, pid and start time together name one
 * JVM (a pid is reused, a pid with its start time is not).
 *
 * @param host          the kernel's host name
 * @param pid           the process id
 * @param startEpochMs  when the JVM started, epoch milliseconds
 * @param command       the main class or {@code -jar} file, as the JVM was started; "" when unknown
 * @param label         -XX:NUMALabel with its placeholders filled in; "" when not given
 * @param clockOffsetNs epoch nanoseconds minus {@code System.nanoTime()}, taken once
 */
public record JvmIdentity(String host, long pid, long startEpochMs, String command, String label, long clockOffsetNs) {

    private static volatile String registeredLabel = "";
    private static volatile JvmIdentity current;

    /** Called by the agent with -XX:NUMALabel as given (placeholders are filled in here). */
    public static void registerLabel(String label) {
        registeredLabel = label == null ? "" : OutputPaths.expand(label.trim());
        current = null;
    }

    /** This JVM's identity, made once (after the agent registered the label). */
    public static JvmIdentity current() {
        JvmIdentity id = current;
        if (id == null) {
            id = of(ProcessHandle.current(), registeredLabel);
            current = id;
        }
        return id;
    }

    private static JvmIdentity of(ProcessHandle self, String label) {
        Instant now = Instant.now();
        long nano = System.nanoTime();
        long offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - nano;
        // no method reference: this runs in premain (see CoreFlags.METHOD_NAME)
        java.util.Optional<Instant> started = self.info().startInstant();
        long start = started.isPresent() ? started.get().toEpochMilli() : now.toEpochMilli();
        return new JvmIdentity(OutputPaths.hostName(), self.pid(), start, launchCommand(), label, offset);
    }

    /** The main class or jar: the first word of the launcher's command (no arguments: they may hold secrets). */
    private static String launchCommand() {
        String c = System.getProperty("sun.java.command", "").strip();
        int space = c.indexOf(' ');
        return space < 0 ? c : c.substring(0, space);
    }

    /** A {@code System.nanoTime()} value of this JVM as epoch nanoseconds. */
    public long epochNs(long nanoTime) {
        return nanoTime + clockOffsetNs;
    }

    /** One name per JVM: {@code host:pid:startEpochMs}. */
    public String key() {
        return host + ":" + pid + ":" + startEpochMs;
    }

    /** How a report names it: the label, else {@code pid@host}. */
    public String displayName() {
        return label.isEmpty() ? pid + "@" + host : label;
    }

    /** The {@code jvm} object of JSON outputs (summary.json, completion markers). */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("host", host);
        m.put("pid", pid);
        m.put("start_epoch_ms", startEpochMs);
        m.put("command", command);
        m.put("label", label);
        m.put("clock_offset_ns", clockOffsetNs);
        return m;
    }

    /** Reads {@link #json()}'s object back; null when {@code node} holds no JVM identity. */
    public static JvmIdentity fromJson(JsonNode node) {
        if (node == null || !node.hasNonNull("pid") || !node.hasNonNull("host")) {
            return null;
        }
        return new JvmIdentity(node.path("host").asText(), node.path("pid").asLong(), node.path("start_epoch_ms").asLong(),
                node.path("command").asText(""), node.path("label").asText(""), node.path("clock_offset_ns").asLong());
    }
}
