package com.numa.vm;

import com.numa.core.log.NumaLog;
import java.io.PrintStream;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * What the agent did in an attached JVM, told back to {@code numa attach}: the lines {@code agentmain} logs go to the
 * target's stderr as always and are kept in a system property of the target, which the attaching process reads over
 * the Attach API before it detaches. Lines logged after {@code agentmain} returns (a feature's later problems) go only
 * to the target's stderr.
 */
final class AttachReport implements Consumer<String> {
    static final String PROPERTY = "numa.attach.report";
    static final String STARTED = "attached: started ";
    static final String NONE_STARTED = "attached: no feature started";

    private final PrintStream err;
    private final StringBuilder lines = new StringBuilder();
    private boolean open = true;

    AttachReport(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void accept(String message) {
        err.println(NumaLog.PREFIX + message);
        if (open) {
            lines.append(message).append('\n');
        }
    }

    /** Ends the report and leaves it in the target's system properties. */
    synchronized void publish() {
        open = false;
        System.setProperty(PROPERTY, lines.toString());
    }

    /** The report's lines in the target's properties; empty when the agent left none (an older agent). */
    static List<String> read(Properties target) {
        String report = target.getProperty(PROPERTY, "");
        return report.isEmpty() ? List.of() : report.lines().toList();
    }

    /** True when the report says at least one feature started. */
    static boolean anyStarted(List<String> report) {
        return report.stream().anyMatch(l -> l.startsWith(STARTED));
    }
}
