package com.numa.core.flags;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent argument grammar ({@code -javaagent:numa-agent.jar=<args>}, {@code numa attach}, {@code JVMTI.agent_load}):
 * flags separated by commas, each written {@code Name} (a boolean on), {@code +Name}, {@code -Name}, {@code Name=value},
 * or in the launcher's {@code -XX:} form. Commas survive what splits or re-quotes spaces on the way to the JVM
 * (spark-submit's {@code --conf}, Surefire's argLine, {@code JAVA_TOOL_OPTIONS}, shells), so they are the separator;
 * white space and {@code %20} before {@code -XX:} also separate, as in the launcher's earlier encoding.
 *
 * <p>A separator ends a flag only when a flag starts after it; otherwise it belongs to the value, so a list is written
 * as is: {@code PerfUtilEvents=cycles,instructions,PerfUtilOutput=p.csv}. Each flag is percent-decoded after splitting
 * ({@code %2C} a comma, {@code %20} a space, {@code %25} a percent sign; {@code +} stays a plus, and a {@code %} not
 * followed by two hex digits stays a {@code %}, as in the {@code %p} placeholder), which is how {@link #encode} writes
 * a value that holds a separator followed by a flag name.
 */
public final class AgentArgs {

    private AgentArgs() {
    }

    /**
     * The flags of an agent argument string, each in {@code -XX:} form, decoded. {@code family} tells whether a bare
     * name belongs to the flag family (declared, or a near miss that the parser should report); a set, not a
     * predicate, because premain runs this and a lambda there costs the JVM its lambda machinery.
     */
    static List<String> split(String agentArgs, FlagSet family) {
        List<String> out = new ArrayList<>();
        if (agentArgs == null) {
            return out;
        }
        // hand-written scanning, no regex: premain runs this before the application's main
        StringBuilder current = new StringBuilder();
        int i = 0;
        int n = agentArgs.length();
        while (i < n) {
            int sep = separatorLength(agentArgs, i);
            if (sep == 0) {
                current.append(agentArgs.charAt(i++));
                continue;
            }
            int next = i;
            while (next < n && separatorLength(agentArgs, next) > 0) {
                next += separatorLength(agentArgs, next);
            }
            if (next == n || current.length() == 0 || startsFlag(agentArgs, next, family)) {
                add(out, current);
                i = next;
            } else {
                current.append(agentArgs, i, i + sep); // a separator inside a value (a list, a path)
                i += sep;
            }
        }
        add(out, current);
        return out;
    }

    private static void add(List<String> out, StringBuilder raw) {
        if (raw.length() > 0) {
            out.add(xxForm(decode(raw.toString())));
            raw.setLength(0);
        }
    }

    /** {@code -XX:+Name}, {@code -XX:-Name} or {@code -XX:Name=value} for any accepted spelling of a flag. */
    static String xxForm(String flag) {
        if (flag.startsWith("-XX:")) {
            return flag;
        }
        if (flag.startsWith("+") || flag.startsWith("-") || flag.indexOf('=') >= 0) {
            return "-XX:" + flag;
        }
        return "-XX:+" + flag; // a bare name switches a boolean on, as in async-profiler's agent string
    }

    /** 1 for a comma or white space, 3 for {@code %20} before {@code -XX:}, 0 for anything else. */
    private static int separatorLength(String s, int i) {
        char c = s.charAt(i);
        if (c == ',' || Character.isWhitespace(c)) {
            return 1;
        }
        return c == '%' && s.startsWith("20-XX:", i + 1) ? 3 : 0;
    }

    /** True when a flag starts at {@code i}: {@code -XX:} anything, or a family name, signed or followed by '='. */
    private static boolean startsFlag(String s, int i, FlagSet family) {
        if (s.startsWith("-XX:", i)) {
            return true;
        }
        int start = i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-') ? i + 1 : i;
        int end = start;
        while (end < s.length() && Character.isLetterOrDigit(s.charAt(end))) {
            end++;
        }
        if (end == start || !Character.isLetter(s.charAt(start))) {
            return false;
        }
        boolean ends = end == s.length() || s.charAt(end) == '=' || separatorLength(s, end) > 0;
        return ends && family.inFamily(s.substring(start, end));
    }

    /**
     * The {@code -XX:} arguments as one agent argument string in this grammar: comma-separated, each percent-encoded
     * where it must be ({@code ,}, {@code %}, white space and other characters URL encoding escapes), so that any
     * value comes back unchanged and the string passes through shells and option variables without quoting.
     */
    public static String join(List<String> args) {
        return String.join(",", args.stream().map(AgentArgs::encode).toList());
    }

    static String encode(String flag) {
        String url = URLEncoder.encode(flag, StandardCharsets.UTF_8).replace("+", "%20").replace("%3A", ":")
                .replace("%2B", "+").replace("%3D", "=").replace("%2F", "/");
        return url.replace("%20-", "%20%2D"); // "%20-XX:" separates
    }

    /**
     * Percent-decodes {@code %XX} (two hex digits, UTF-8 bytes); any other {@code %} stays as it is, so the output
     * placeholders {@code %p} and {@code %h} and a plain {@code 50%} need no escape.
     */
    static String decode(String flag) {
        if (flag.indexOf('%') < 0) {
            return flag;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(flag.length());
        for (int i = 0; i < flag.length(); i++) {
            char c = flag.charAt(i);
            int hi = c == '%' && i + 2 < flag.length() ? Character.digit(flag.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(flag.charAt(i + 2), 16) : -1;
            if (lo >= 0) {
                bytes.write(hi << 4 | lo);
                i += 2;
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(utf8, 0, utf8.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
