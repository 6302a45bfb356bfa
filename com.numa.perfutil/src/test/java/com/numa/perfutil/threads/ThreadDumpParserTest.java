package com.numa.perfutil.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.threads.ThreadDumpParser.DumpedThread;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Header lines as printed by JDK 17 (hex nid) and JDK 25 (decimal nid plus [tid]). */
class ThreadDumpParserTest {

    private static final String JDK17 = String.join("\n",
            "2026-11-21 18:30:00",
            "Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing):",
            "",
            "\"main\" #1 prio=5 os_prio=0 cpu=430.57ms elapsed=0.61s tid=0x00007fefec018020 nid=0x1e30 waiting on condition  [0x00007feff0dfd000]",
            "   java.lang.Thread.State: TIMED_WAITING (sleeping)",
            "\tat java.lang.Thread.sleep(java.base@17.0.15/Native Method)",
            "",
            "\"C2 CompilerThread0\" #7 daemon prio=9 os_prio=0 cpu=345.17ms elapsed=0.60s tid=0x00007fefec103dd0 nid=0x1e3c runnable  [0x0000000000000000]",
            "\"worker \"alpha\" 1\" #12 daemon prio=5 os_prio=0 cpu=0.08ms elapsed=0.11s tid=0x00007fefec455020 nid=0x1e72 waiting on condition  [0x00007fefc44f7000]",
            "\"GC Thread#0\" os_prio=0 cpu=5.87ms elapsed=0.61s tid=0x00007fefec041790 nid=0x1e31 runnable  ",
            "JNI global refs: 15, weak refs: 0");

    private static final String JDK25 = String.join("\n",
            "\"main\" #3 [7817] prio=5 os_prio=0 cpu=485.22ms elapsed=0.91s tid=0x00007f58e402aa70 nid=7817 waiting on condition  [0x00007f58e97fe000]",
            "\"Reference Handler\" #12 [7826] daemon prio=10 os_prio=0 cpu=0.39ms elapsed=0.86s tid=0x00007f58e40b4cc0 nid=7826 waiting on condition  [0x00007f58c572d000]",
            "\"VM Thread\" os_prio=0 cpu=0.90ms elapsed=0.86s tid=0x00007f58e40a8420 nid=7825 runnable  ");

    @Test
    void jdk17HeadersHaveHexNidAndOptionalJavaId() {
        List<DumpedThread> t = ThreadDumpParser.parse(JDK17);
        assertEquals(List.of(
                new DumpedThread(0x1e30, "main", 1, false),
                new DumpedThread(0x1e3c, "C2 CompilerThread0", 7, true),
                new DumpedThread(0x1e72, "worker \"alpha\" 1", 12, true),
                new DumpedThread(0x1e31, "GC Thread#0", -1, false)), t);
    }

    @Test
    void jdk25HeadersHaveDecimalNidAndBracketedTid() {
        List<DumpedThread> t = ThreadDumpParser.parse(JDK25);
        assertEquals(List.of(
                new DumpedThread(7817, "main", 3, false),
                new DumpedThread(7826, "Reference Handler", 12, true),
                new DumpedThread(7825, "VM Thread", -1, false)), t);
    }

    @Test
    void linesThatAreNotThreadHeadersAreIgnored() {
        assertTrue(ThreadDumpParser.parse("\"Locked ownable synchronizers:\n\t- None\n").isEmpty());
        assertFalse(ThreadDumpParser.parse(JDK17 + "\n\"broken\" #5 prio=5 no-nid-here\n").stream()
                .anyMatch(d -> d.name().equals("broken")));
    }
}
