package com.numa.perfutil.counters;

import com.numa.core.io.KernelFiles;
import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.NativeCallException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Which requested events this machine can count, found by opening each one once (alone) where the sampler will count.
 * Events that fail are dropped with ONE message naming them and the reason: no hardware PMU (a virtual machine
 * without a virtual PMU), missing permission (naming kernel.perf_event_paranoid's current value and CAP_PERFMON), or
 * the kernel's refusal. Documented fallback: the supported events are kept; if none is left, task-clock is counted;
 * if even task-clock fails (task-clock:u is tried when permission is the problem),
 * {@link CountersUnavailableException} carries the message.
 */
public final class EventAvailability {
    public static final Path PARANOID_FILE = Path.of("/proc/sys/kernel/perf_event_paranoid");
    public static final String FALLBACK_EVENT = "task-clock";

    /** Opens one event (or a group) and closes it again; returns 0 when it opened, else the errno. */
    public interface Probe {
        int errnoOfOpening(List<EventSpec> group);
    }

    private final Probe probe;
    private final boolean hasCorePmu;
    private final Path paranoidFile;
    private final String scope;
    private final Consumer<String> log;

    /**
     * @param scope words for messages, e.g. "per-thread counters" or "per-core counters (pid -1)"
     */
    public EventAvailability(Probe probe, boolean hasCorePmu, Path paranoidFile, String scope, Consumer<String> log) {
        this.probe = probe;
        this.hasCorePmu = hasCorePmu;
        this.paranoidFile = paranoidFile;
        this.scope = scope;
        this.log = log;
    }

    /** Probes on this machine by opening on (pid, cpu): (0, -1) is the calling thread, (-1, n) is CPU n. */
    public static EventAvailability kernel(int pid, int cpu, PmuCatalog catalog, String scope, Consumer<String> log) {
        return new EventAvailability(kernelProbe(pid, cpu), catalog.hasCorePmu(), PARANOID_FILE, scope, log);
    }

    public static Probe kernelProbe(int pid, int cpu) {
        return group -> {
            try {
                PerfEventGroup.open(group, pid, cpu).close();
                return 0;
            } catch (NativeCallException e) {
                return e.errno() == 0 ? Errno.EINVAL : e.errno();
            }
        };
    }

    /** True when the group opens as a whole; used by {@link GroupPlanner#refine}. */
    public boolean groupOpens(List<EventSpec> group) {
        return probe.errnoOfOpening(group) == 0;
    }

    /** The requested events that count here, in order; reports the dropped ones in one message. */
    public List<EventSpec> usable(List<EventSpec> requested) {
        List<EventSpec> kept = new ArrayList<>();
        Map<String, List<String>> droppedByReason = new LinkedHashMap<>();
        for (EventSpec e : requested) {
            int errno = probe.errnoOfOpening(List.of(e));
            if (errno == 0) {
                kept.add(e);
            } else {
                droppedByReason.computeIfAbsent(reason(e, errno), r -> new ArrayList<>()).add(e.name());
            }
        }
        if (droppedByReason.isEmpty()) {
            return kept;
        }
        StringBuilder msg = new StringBuilder();
        for (Map.Entry<String, List<String>> d : droppedByReason.entrySet()) {
            if (msg.length() > 0) {
                msg.append("; ");
            }
            msg.append(String.join(", ", d.getValue())).append(": not counted: ").append(d.getKey());
        }
        if (!kept.isEmpty()) {
            boolean allSoftware = kept.stream().noneMatch(EventSpec::needsHardwarePmu);
            msg.append("; counting ").append(allSoftware ? "the software events only" : "the remaining events only")
                    .append(" (").append(String.join(", ", kept.stream().map(EventSpec::name).toList())).append(")");
            log.accept(scope + ": " + msg);
            return kept;
        }
        EventParser parser = EventParser.system();
        EventSpec fallback = parser.parse(FALLBACK_EVENT);
        int errno = probe.errnoOfOpening(List.of(fallback));
        if (errno == Errno.EACCES || errno == Errno.EPERM) {
            // perf_event_paranoid 2 without CAP_PERFMON still allows user-mode counts of one's own threads.
            EventSpec userOnly = parser.parse(FALLBACK_EVENT + ":u");
            if (probe.errnoOfOpening(List.of(userOnly)) == 0) {
                fallback = userOnly;
                errno = 0;
            }
        }
        if (errno != 0) {
            String why = reason(fallback, errno);
            throw new CountersUnavailableException(scope + ": " + msg + "; the fallback " + FALLBACK_EVENT
                    + " cannot be counted either" + (droppedByReason.containsKey(why) ? ", for the same reason" : ": " + why));
        }
        log.accept(scope + ": " + msg + "; counting " + fallback.name() + " instead");
        return List.of(fallback);
    }

    /** Why an event failed to open with {@code errno}, in the words a user can act on. */
    public String reason(EventSpec e, int errno) {
        if (errno == Errno.EACCES || errno == Errno.EPERM) {
            return permissionAdvice(errno);
        }
        if (e.needsHardwarePmu() && !hasCorePmu && errno != Errno.EMFILE) {
            return "this machine has no hardware PMU (virtual machine without a virtual PMU)";
        }
        return switch (errno) {
            case Errno.ENOENT, Errno.EOPNOTSUPP, Errno.ENODEV ->
                    "the kernel does not support this event on this CPU (" + Errno.name(errno) + ")";
            case Errno.ENOSPC -> "no free hardware counter (ENOSPC; the NMI watchdog or another perf user may hold them:"
                    + " sysctl -w kernel.nmi_watchdog=0 frees one)";
            case Errno.EINVAL -> "the kernel rejected its encoding or scope (EINVAL: check the event terms; uncore events"
                    + " count per core only, not per thread)";
            case Errno.EMFILE -> "too many open files (EMFILE): raise the limit with ulimit -n";
            default -> Errno.name(errno) + " (" + Errno.describe(errno) + ")";
        };
    }

    /** The permission message: the current paranoid level and the two ways out. */
    String permissionAdvice(int errno) {
        return "permission denied (" + Errno.name(errno) + "): kernel.perf_event_paranoid is " + paranoidValue()
                + " (counting every task on a CPU needs <= 0, kernel-mode counts need <= 1, user-mode counts of own"
                + " threads need <= 2); run with CAP_PERFMON (or CAP_SYS_ADMIN / root), or lower it with"
                + " `sysctl -w kernel.perf_event_paranoid=0`, or for per-thread counters add the :u modifier";
    }

    private String paranoidValue() {
        try {
            return KernelFiles.read(paranoidFile).strip();
        } catch (IOException e) {
            return "unknown (" + paranoidFile + " unreadable)";
        }
    }
}
