package com.numa.speedup;

import com.numa.core.io.CsvTables;
import com.numa.speedup.clock.ThreadClockAgent;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.csv.CSVRecord;

/**
 * Per-thread running time from the thread clock's table ({@link ThreadClockAgent}): each Java thread's CPU time, keyed
 * by Java thread id (what JFR's thread records carry too), and the main thread's CPU time from premain to exit.
 */
final class ThreadClockReader {
    /** CPU time by Java thread id, and the main thread's ({@code -1} when absent). */
    record ThreadClock(Map<Long, Long> byJavaId, long mainNs) {
    }

    private ThreadClockReader() {
    }

    static ThreadClock read(Path csv) throws IOException {
        Map<Long, Long> byId = new HashMap<>();
        long main = WorkerTimes.UNKNOWN;
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (CSVRecord r : CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
                long id = Long.parseLong(r.get("thread_id"));
                long ns = Long.parseLong(r.get("cpu_ns"));
                switch (r.get("role")) {
                    case "main" -> main = ns;
                    case "thread" -> byId.put(id, ns);
                    default -> throw new IllegalArgumentException("unknown role '" + r.get("role") + "'");
                }
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IOException(csv + " is not a thread clock table (" + ThreadClockAgent.class.getSimpleName()
                    + "): " + e.getMessage(), e);
        }
        return new ThreadClock(byId, main);
    }
}
