package com.numa.perfutil.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the thread header lines of a HotSpot thread dump. Formats seen (JDK 17 / JDK 21+):
 * <pre>
 * "main" #1 prio=5 os_prio=0 cpu=.. elapsed=.. tid=0x00007f.. nid=0x1e30 waiting on condition  [0x..]
 * "main" #3 [7817] prio=5 os_prio=0 cpu=.. elapsed=.. tid=0x00007f.. nid=7817 waiting on condition  [0x..]
 * "GC Thread#0" os_prio=0 cpu=5.87ms elapsed=0.61s tid=0x00007f.. nid=0x1e31 runnable
 * </pre>
 * Threads without a java.lang.Thread (VM Thread, GC workers) have no {@code #id}. The name is printed unescaped, so
 * the name group is greedy: it ends at the last quote that is followed by a well-formed rest of line.
 */
final class ThreadDumpParser {

    /** One header line: the Java id is -1 for threads without a java.lang.Thread. */
    record DumpedThread(int tid, String name, long javaId, boolean daemon) {
    }

    private static final Pattern HEADER = Pattern.compile(
            "^\"(.*)\"(?: #(\\d+))?(?: \\[(\\d+)\\])?( daemon)?(?: prio=\\d+)? os_prio=-?\\d+ .*?\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b.*$");

    private ThreadDumpParser() {
    }

    static List<DumpedThread> parse(String dump) {
        List<DumpedThread> out = new ArrayList<>();
        for (String line : dump.split("\\R")) {
            if (!line.startsWith("\"")) {
                continue;
            }
            Matcher m = HEADER.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String nid = m.group(5);
            int tid = nid.startsWith("0x") ? Integer.parseInt(nid.substring(2), 16) : Integer.parseInt(nid);
            long javaId = m.group(2) == null ? -1 : Long.parseLong(m.group(2));
            out.add(new DumpedThread(tid, m.group(1), javaId, m.group(4) != null));
        }
        return out;
    }
}
