package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Help text keeps flag names whole, and says what --suite takes. */
class HelpLayoutTest {
    private static String help(String command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        CommandLine cli = Launcher.commandLine(ps, ps, Map.of());
        CommandLine sub = cli.getSubcommands().get(command);
        sub.usage(sub.getOut());
        sub.getOut().flush();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void noCommandsHelpSplitsAnXxFlag() {
        for (String command : List.of("vm", "attach", "flags", "characterize", "speedup-stack", "diagnose", "gc-replay")) {
            String text = help(command);
            assertTrue(text.contains("-XX:") || command.equals("speedup-stack") || command.equals("flags"), command + ": " + text);
            for (String line : text.lines().toList()) {
                assertTrue(!line.stripTrailing().endsWith("-XX:"), command + ": a line ends in -XX:\n" + text);
                assertTrue(!line.strip().matches("^[+][A-Z].*"), command + ": a line starts with the rest of a flag: '" + line
                        + "'\n" + text);
            }
        }
    }

    @Test
    void aLineEndingInTheFlagPrefixGivesItToTheNextLine() {
        String nl = System.lineSeparator();
        assertEquals("Start: numa attach <pid>" + nl + "  -XX:+PerfUtil -XX:PerfUtilOutput=p.csv" + nl,
                HelpLayout.mend("Start: numa attach <pid> -XX:" + nl + "  +PerfUtil -XX:PerfUtilOutput=p.csv" + nl));
        assertEquals("on one node, (-XX:" + nl + nl + "next", HelpLayout.mend("on one node, (-XX:" + nl + nl + "next"),
                "a paragraph's end is left alone");
        assertEquals("a" + nl + "(-XX:NUMATopology=2)", HelpLayout.mend("a (-XX:" + nl + "NUMATopology=2)"));
    }

    @Test
    void characterizeHelpListsEverySuiteForm() {
        String text = help("characterize");
        int at = text.indexOf("--suite=SUITE");
        String suite = text.substring(at, text.indexOf("--", at + 3));
        for (String form : List.of("builtin", "apps", "dacapo:", "renaissance:")) {
            assertTrue(suite.contains(form), form + " in: " + suite);
        }
    }
}
