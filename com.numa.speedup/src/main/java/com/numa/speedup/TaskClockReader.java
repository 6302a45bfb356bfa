package com.numa.speedup;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * Per-thread running time from PerfUtil's CSV (README "PerfUtil output"): the task-clock row of each thread, keyed by
 * kernel thread id, multiplexing-corrected ({@code scaled}). Task-clock is a software event, so it counts on a VM
 * without a PMU too.
 */
final class TaskClockReader {
    /** Running time by kernel thread id, and the main thread's ({@code -1} when absent). */
    record TaskClock(Map<Long, Long> byTid, long mainNs) {
    }

    private TaskClockReader() {
    }

    static TaskClock read(Path csv) throws IOException {
        Map<Long, Long> byTid = new HashMap<>();
        long main = WorkerTimes.UNKNOWN;
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
                if (!"thread".equals(r.get("scope")) || !"task-clock".equals(r.get("event")) || r.get("tid").isEmpty()) {
                    continue;
                }
                long ns = Math.round(Double.parseDouble(r.get("scaled")));
                // One kernel thread can carry two names (main, then DestroyJavaVM): keep the larger reading.
                byTid.merge(Long.parseLong(r.get("tid")), ns, Math::max);
                if ("main".equals(r.get("role")) && "main".equals(r.get("thread"))) {
                    main = Math.max(main, ns);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new IOException(csv + " is not a PerfUtil CSV: " + e.getMessage(), e);
        }
        return new TaskClock(byTid, main);
    }
}
