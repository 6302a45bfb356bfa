package com.numa.speedup;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** Turns one measured run's artifacts (JFR recording, thread clock table) into the raw times of the equations. */
final class MeasuredRunReader {
    private MeasuredRunReader() {
    }

    static RunSummary summarize(ApplicationRunner.Result run) throws IOException {
        if (run.jfrOutput() == null || !Files.isRegularFile(run.jfrOutput())) {
            throw new IOException("the measured run left no JFR recording (" + run.jfrOutput() + "); see " + run.log());
        }
        RunTimeline timeline = JfrTimelineReader.read(run.jfrOutput());
        long mainRunning = WorkerTimes.UNKNOWN;
        if (run.clockOutput() != null && Files.isRegularFile(run.clockOutput())) {
            ThreadClockReader.ThreadClock clock = ThreadClockReader.read(run.clockOutput());
            List<WorkerTimes> withRunning = new ArrayList<>();
            for (WorkerTimes w : timeline.workers()) {
                withRunning.add(w.withRunningNs(clock.byJavaId().getOrDefault(w.javaThreadId(), WorkerTimes.UNKNOWN)));
            }
            timeline = new RunTimeline(withRunning, timeline.gcPauses());
            mainRunning = clock.mainNs();
        }
        return RunSummary.of(timeline, run.wallNs(), mainRunning);
    }
}
