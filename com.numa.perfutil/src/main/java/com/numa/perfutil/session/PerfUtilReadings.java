package com.numa.perfutil.session;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.perfutil.counters.CoreSample;
import com.numa.perfutil.counters.ThreadSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latest cumulative reading of every thread and CPU seen during the run. Threads that ended keep their final
 * reading, so the CSV written at exit covers every thread that ever ran, not only the survivors.
 *
 * <p>A thread is one row per tid for as long as it lives, whatever it is called: an application may rename its
 * threads (Jython renames main to MainThread), and the row keeps the latest name with the earlier ones beside it.
 * A new row starts only when the tid's previous thread has ended (the kernel reused the tid).
 */
final class PerfUtilReadings {
    /** HotSpot re-attaches the main thread's kernel thread under this name at exit: not a name the application gave. */
    private static final String DESTROY_JAVA_VM = "DestroyJavaVM";

    /** One thread's row: its latest reading and every name it had, oldest first. */
    private static final class Row {
        ThreadSample latest;
        final List<String> names = new ArrayList<>();

        void add(ThreadSample s) {
            latest = s;
            String name = s.thread().name();
            boolean exitName = name.equals(DESTROY_JAVA_VM) && s.thread().role() == ThreadRole.MAIN && !names.isEmpty();
            if (!exitName) {
                names.remove(name);
                names.add(name);
            }
        }

        ThreadReading reading() {
            ThreadIdentity t = latest.thread();
            String name = names.get(names.size() - 1);
            ThreadIdentity shown = new ThreadIdentity(t.tid(), name, t.javaId(), t.daemon(), t.role());
            return new ThreadReading(new ThreadSample(shown, latest.timestampNs(), latest.values(), latest.ended(),
                    latest.countedFromNs(), latest.cpuBeforeCountingNs()), List.copyOf(names.subList(0, names.size() - 1)));
        }
    }

    private final List<Row> threads = new ArrayList<>();
    private final Map<Integer, Row> byTid = new HashMap<>();
    private final Map<Integer, CoreSample> cores = new LinkedHashMap<>();
    void addThreads(List<ThreadSample> samples) {
        for (ThreadSample s : samples) {
            Row row = byTid.get(s.thread().tid());
            if (row == null || row.latest.ended()) {
                row = new Row();
                threads.add(row);
                byTid.put(s.thread().tid(), row);
            }
            row.add(s);
        }
    }

    void addCores(List<CoreSample> samples) {
        for (CoreSample s : samples) {
            cores.put(s.cpu(), s);
        }
    }

    /** Every thread's latest reading under its latest name, in the order threads were first seen. */
    List<ThreadReading> threads() {
        List<ThreadReading> out = new ArrayList<>(threads.size());
        for (Row r : threads) {
            out.add(r.reading());
        }
        return out;
    }

    /** The same readings without the earlier names. */
    List<ThreadSample> samples() {
        return threads().stream().map(ThreadReading::sample).toList();
    }

    /** Every CPU's latest reading, in the order CPUs were first seen. */
    List<CoreSample> cores() {
        return new ArrayList<>(cores.values());
    }
}
