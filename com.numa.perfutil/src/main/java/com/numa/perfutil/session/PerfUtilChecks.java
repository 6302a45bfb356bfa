package com.numa.perfutil.session;

import com.numa.core.feature.LaunchProblems;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.counters.CountersUnavailableException;
import com.numa.perfutil.counters.EventAvailability;
import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.events.PmuCatalog;
import java.nio.file.Path;
import java.util.List;

/**
 * PerfUtil's checks before the JVM starts: every event name is known to the PMU catalog (an unknown one is an error
 * with a suggestion: at run time it would turn per-thread counting off), an event this machine cannot count is a
 * warning naming the fallback (the same message the session prints, from the same probe on the launcher's thread),
 * and the output file can be written.
 */
final class PerfUtilChecks {
    private PerfUtilChecks() {
    }

    static void check(FlagValues flags, LaunchProblems problems) {
        String output = OutputPaths.expand(flags.get(PerfUtilFlags.OUTPUT));
        OutputPaths.optionProblem("-XX:PerfUtilOutput=", Path.of(output), false).ifPresent(problems::error);
        List<String> names = PerfUtilSession.requestedEvents(flags);
        if (names.isEmpty()) {
            problems.error("-XX:PerfUtilEvents is empty; name at least one event (e.g. task-clock)");
            return;
        }
        List<EventSpec> events;
        try {
            events = EventParser.system().parseAll(names);
        } catch (IllegalArgumentException e) {
            problems.error("-XX:PerfUtilEvents: " + e.getMessage());
            return;
        }
        if (flags.get(PerfUtilFlags.BACKEND) != PerfUtilFlags.Backend.PERF || !flags.get(PerfUtilFlags.SCOPE).threads()) {
            return; // the probe below opens per-thread perf events; PAPI and per-core counting check themselves
        }
        try {
            EventAvailability.kernel(0, -1, PmuCatalog.system(), "PerfUtil", problems::warning).usable(events);
        } catch (CountersUnavailableException e) {
            problems.warning(e.getMessage() + "; the application runs without per-thread counts");
        } catch (RuntimeException | LinkageError e) {
            // no perf_event_open here (JNA missing, not Linux): the session reports it in the JVM
        }
    }
}
