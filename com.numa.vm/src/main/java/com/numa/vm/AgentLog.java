package com.numa.vm;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The agent's voice on stderr, prefixed {@code numa-agent:}. Failures are reported once per topic: a feature that
 * fails on every sample must not flood the application's output.
 */
public final class AgentLog implements Consumer<String> {
    private final PrintStream err;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    public AgentLog(PrintStream err) {
        this.err = err;
    }

    /** An informational line. */
    @Override
    public void accept(String message) {
        err.println("numa-agent: " + message);
    }

    /** Reports a failure the first time its topic fails; later reports of the same topic are dropped. */
    public void failure(String topic, String message) {
        if (reported.add(topic)) {
            err.println("numa-agent: " + topic + ": " + message);
        }
    }

    /** Multi-line text (tables) as is. */
    public void block(String text) {
        err.print(text);
        err.flush();
    }
}
