package com.numa.speedup;

import java.util.List;

/** What one measured run recorded: the application's worker threads and the stop-the-world GC pauses. */
record RunTimeline(List<WorkerTimes> workers, List<Interval> gcPauses) {
    RunTimeline {
        workers = List.copyOf(workers);
        gcPauses = List.copyOf(gcPauses);
    }
}
