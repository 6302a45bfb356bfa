package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.linux.Errno;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Availability decisions and messages with a scripted kernel (errno per event). */
class EventAvailabilityTest {
    @TempDir
    Path dir;

    private final EventParser parser = EventParser.system();
    private final List<String> log = new ArrayList<>();

    private EventAvailability scripted(Map<String, Integer> errnos, boolean hasPmu) throws IOException {
        Path paranoid = dir.resolve("perf_event_paranoid");
        Files.writeString(paranoid, "3\n");
        return new EventAvailability(g -> errnos.getOrDefault(g.get(0).name(), 0), hasPmu, paranoid,
                "per-thread counters", log::add);
    }

    @Test
    void virtualMachineDropsHardwareEventsWithOneMessage() throws IOException {
        EventAvailability a = scripted(Map.of("instructions", Errno.ENOENT, "cycles", Errno.EOPNOTSUPP), false);
        List<EventSpec> kept = a.usable(parser.parseAll(List.of("instructions", "task-clock", "cycles", "cs")));
        assertEquals(List.of("task-clock", "cs"), kept.stream().map(EventSpec::name).toList());
        assertEquals(1, log.size(), log.toString());
        assertEquals("per-thread counters: instructions, cycles: not counted: this machine has no hardware PMU"
                + " (virtual machine without a virtual PMU); counting the software events only (task-clock, cs)", log.get(0));
    }

    @Test
    void nothingLeftFallsBackToTaskClock() throws IOException {
        EventAvailability a = scripted(Map.of("instructions", Errno.ENOENT), false);
        List<EventSpec> kept = a.usable(parser.parseAll(List.of("instructions")));
        assertEquals(List.of("task-clock"), kept.stream().map(EventSpec::name).toList());
        assertEquals(1, log.size());
        assertTrue(log.get(0).endsWith("counting task-clock instead"), log.get(0));
    }

    @Test
    void permissionErrorsNameTheParanoidLevelAndCapPerfmon() throws IOException {
        EventAvailability a = scripted(Map.of("cs", Errno.EACCES, "task-clock", Errno.EACCES, "task-clock:u", Errno.EACCES),
                true);
        CountersUnavailableException e = assertThrows(CountersUnavailableException.class,
                () -> a.usable(parser.parseAll(List.of("cs"))));
        assertTrue(e.getMessage().contains("kernel.perf_event_paranoid is 3"), e.getMessage());
        assertTrue(e.getMessage().contains("CAP_PERFMON"), e.getMessage());
        assertTrue(e.getMessage().endsWith("task-clock cannot be counted either, for the same reason"), e.getMessage());
        assertTrue(log.isEmpty(), "the failure is the exception, not a log line too");
    }

    @Test
    void kernelModeRefusedFallsBackToUserModeTaskClock() throws IOException {
        EventAvailability a = scripted(Map.of("cs", Errno.EACCES, "task-clock", Errno.EACCES), true);
        List<EventSpec> kept = a.usable(parser.parseAll(List.of("cs")));
        assertEquals(List.of("task-clock:u"), kept.stream().map(EventSpec::name).toList());
        assertTrue(kept.get(0).excludeKernel());
        assertEquals(1, log.size());
        assertTrue(log.get(0).startsWith("per-thread counters: cs: not counted: permission denied (EACCES):"
                + " kernel.perf_event_paranoid is 3"), log.get(0));
        assertTrue(log.get(0).endsWith("counting task-clock:u instead"), log.get(0));
    }

    @Test
    void withAPmuTheKernelsOwnReasonIsGiven() throws IOException {
        EventAvailability a = scripted(Map.of("ref-cycles", Errno.ENOENT, "r1234", Errno.ENOSPC), true);
        List<EventSpec> kept = a.usable(parser.parseAll(List.of("cycles", "ref-cycles", "r1234")));
        assertEquals(List.of("cycles"), kept.stream().map(EventSpec::name).toList());
        assertEquals(1, log.size());
        assertTrue(log.get(0).contains("ref-cycles: not counted: the kernel does not support this event on this CPU (ENOENT)"),
                log.get(0));
        assertTrue(log.get(0).contains("r1234: not counted: no free hardware counter"), log.get(0));
        assertTrue(log.get(0).endsWith("counting the remaining events only (cycles)"), log.get(0));
    }

    @Test
    void allAvailableSaysNothing() throws IOException {
        EventAvailability a = scripted(Map.of(), false);
        assertEquals(2, a.usable(parser.parseAll(List.of("task-clock", "cs"))).size());
        assertTrue(log.isEmpty());
    }
}
