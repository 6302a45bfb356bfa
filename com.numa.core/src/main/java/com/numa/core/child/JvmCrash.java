package com.numa.core.child;

import java.util.List;
import java.util.Optional;

/**
 * A child JVM that died of a signal, read from what HotSpot prints when it crashes (its fatal error report goes to
 * stdout unless {@code -XX:+DisplayVMOutputToStderr}): the signal, the problematic frame and the hs_err file. The exit
 * code alone cannot tell a crash: HotSpot ends with SIGABRT (134) when it may dump core and exits 1 when it may not,
 * and a process killed from outside (the OOM killer's SIGKILL) prints nothing, so both are read.
 *
 * @param signal the signal, as HotSpot names it ({@code SIGSEGV (0xb)}) or from the exit status ({@code SIGKILL})
 * @param frame  the problematic frame ({@code V  [libjvm.so+0xeda214]  Unsafe_PutLong+0x124}), or "" when not printed
 * @param hsErr  the error report file, or "" when HotSpot printed none (killed from outside, or it could not write)
 * @param reported true when HotSpot printed a fatal error report; false for a kill from outside
 */
public record JvmCrash(String signal, String frame, String hsErr, boolean reported) {
    static final String BANNER = "# A fatal error has been detected by the Java Runtime Environment";
    private static final String FRAME = "# Problematic frame:";
    private static final String FILE = "# An error report file with more information is saved as:";
    private static final String[] SIGNALS = {"", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS",
        "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};

    /** The crash of this run, if it crashed or was killed by a signal (a timeout's kill is not a crash). */
    public static Optional<JvmCrash> of(ChildRun run) {
        if (run.timedOut()) {
            return Optional.empty();
        }
        Optional<JvmCrash> reported = fromReport(run.stdout());
        if (reported.isEmpty()) {
            reported = fromReport(run.stderr());
        }
        if (reported.isPresent() || run.exitCode() <= 128 || run.exitCode() > 128 + 64) {
            return reported;
        }
        int signal = run.exitCode() - 128; // how Process reports a child a signal ended
        return Optional.of(new JvmCrash(signal < SIGNALS.length ? SIGNALS[signal] : "signal " + signal, "", "", false));
    }

    /** The crash a HotSpot fatal error report in {@code output} describes. */
    static Optional<JvmCrash> fromReport(String output) {
        int at = output.indexOf(BANNER);
        if (at < 0) {
            return Optional.empty();
        }
        List<String> lines = output.substring(at).lines().toList();
        String signal = "";
        String frame = "";
        String file = "";
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (!l.startsWith("#")) {
                break; // the report ends where the application's output resumes
            }
            String text = l.substring(1).strip();
            if (signal.isEmpty() && text.startsWith("SIG")) {
                int pc = text.indexOf(" at pc=");
                signal = pc < 0 ? text : text.substring(0, pc);
            } else if (l.startsWith(FRAME) && i + 1 < lines.size()) {
                frame = lines.get(i + 1).substring(1).strip();
            } else if (l.startsWith(FILE) && i + 1 < lines.size()) {
                file = lines.get(i + 1).substring(1).strip();
            } else if (signal.isEmpty() && (text.startsWith("Internal Error") || text.startsWith("Out of Memory Error"))) {
                signal = text; // a VM assertion or native out-of-memory: no signal, the report says what
            }
        }
        return Optional.of(new JvmCrash(signal.isEmpty() ? "a fatal error" : signal, frame, file, true));
    }

    /**
     * One line: {@code the JVM crashed: SIGSEGV (0xb) in V [libjvm.so+0xeda214] Unsafe_PutLong+0x124; hs_err file:
     * /x/hs_err_pid1.log}, or {@code the JVM was killed by SIGKILL (...)}.
     */
    public String describe() {
        if (!reported) {
            return "the JVM was killed by " + signal + " (no HotSpot error report: the signal came from outside, e.g. the "
                    + "OOM killer or kill)";
        }
        return "the JVM crashed: " + signal + (frame.isEmpty() ? "" : " in " + String.join(" ", frame.split("\\s+")))
                + (hsErr.isEmpty() ? "; HotSpot wrote no hs_err file" : "; hs_err file: " + hsErr);
    }
}
