package com.numa.vm;

import com.numa.core.flags.CoreFlags;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.PerfUtilFlags;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagSet;
import com.numa.core.flags.FlagValues;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumaFlagsTest {
    private final FlagSet set = NumaFlags.set();

    private FlagValues parse(String... args) throws FlagException {
        return set.parse(List.of(args));
    }

    private String error(String... args) {
        return assertThrows(FlagException.class, () -> parse(args)).getMessage();
    }

    @Test
    void defaultsWhenNothingIsGiven() throws FlagException {
        FlagValues v = parse();
        assertFalse(v.get(PerfUtilFlags.ENABLE));
        assertEquals(List.of("task-clock", "context-switches", "cpu-migrations", "page-faults"), v.get(PerfUtilFlags.EVENTS));
        assertEquals(PerfUtilFlags.Scope.THREAD, v.get(PerfUtilFlags.SCOPE));
        assertEquals(1000, v.get(PerfUtilFlags.INTERVAL));
        assertEquals("perfutil.csv", v.get(PerfUtilFlags.OUTPUT));
        assertEquals(PerfUtilFlags.Backend.PERF, v.get(PerfUtilFlags.BACKEND));
        assertEquals("auto", v.get(CoreFlags.TOPOLOGY));
        assertFalse(v.isSet(PerfUtilFlags.ENABLE));
    }

    @Test
    void everyTypeParses() throws FlagException {
        FlagValues v = parse("-XX:+PerfUtil", "-XX:PerfUtilEvents=instructions, cycles", "-XX:PerfUtilScope=both",
                "-XX:PerfUtilInterval=10", "-XX:PerfUtilOutput=/tmp/out dir/p.csv", "-XX:PerfUtilBackend=PAPI",
                "-XX:NUMATopology=0-1/2,3", "-XX:-PrintNUMAFlags");
        assertTrue(v.get(PerfUtilFlags.ENABLE));
        assertEquals(List.of("instructions", "cycles"), v.get(PerfUtilFlags.EVENTS));
        assertEquals(PerfUtilFlags.Scope.BOTH, v.get(PerfUtilFlags.SCOPE));
        assertEquals(10, v.get(PerfUtilFlags.INTERVAL));
        assertEquals("/tmp/out dir/p.csv", v.get(PerfUtilFlags.OUTPUT));
        assertEquals(PerfUtilFlags.Backend.PAPI, v.get(PerfUtilFlags.BACKEND));
        assertEquals("0-1/2,3", v.get(CoreFlags.TOPOLOGY));
        assertFalse(v.get(CoreFlags.PRINT_FLAGS));
        assertTrue(v.isSet(CoreFlags.PRINT_FLAGS));
    }

    @Test
    void laterOccurrenceWins() throws FlagException {
        FlagValues v = parse("-XX:+PerfUtil", "-XX:PerfUtilInterval=50", "-XX:-PerfUtil", "-XX:PerfUtilInterval=70");
        assertFalse(v.get(PerfUtilFlags.ENABLE));
        assertEquals(70, v.get(PerfUtilFlags.INTERVAL));
    }

    @Test
    void booleanFlagsRejectValuesAndValueFlagsRejectPlusMinus() {
        assertTrue(error("-XX:PerfUtil=true").contains("write -XX:+PerfUtil or -XX:-PerfUtil"));
        assertTrue(error("-XX:+PerfUtilInterval").contains("-XX:PerfUtilInterval=<int>"));
        assertTrue(error("-XX:PerfUtilOutput").contains("takes a value"));
    }

    @Test
    void badValuesNameTheFlagAndTheValidChoices() {
        String interval = error("-XX:PerfUtilInterval=5");
        assertTrue(interval.contains("-XX:PerfUtilInterval") && interval.contains("[10, 3600000]"), interval);
        assertTrue(error("-XX:PerfUtilInterval=fast").contains("'fast'"));
        String scope = error("-XX:PerfUtilScope=process");
        assertTrue(scope.contains("-XX:PerfUtilScope") && scope.contains("[thread, core, both]"), scope);
        String backend = error("-XX:PerfUtilBackend=oprofile");
        assertTrue(backend.contains("[perf, papi]"), backend);
        assertTrue(error("-XX:PerfUtilOutput=  ").contains("a file path"));
    }

    @Test
    void topologySpecIsValidated() throws FlagException {
        assertEquals("2", parse("-XX:NUMATopology=2").get(CoreFlags.TOPOLOGY));
        assertEquals("auto", parse("-XX:NUMATopology=auto").get(CoreFlags.TOPOLOGY));
        assertEquals("0/1", parse("-XX:NUMATopology=0/1").get(CoreFlags.TOPOLOGY));
        assertEquals("3-3", parse("-XX:NUMATopology=3-3").get(CoreFlags.TOPOLOGY), "one explicit pseudo-node");
        for (String bad : List.of("0", "-1", "two", "0/", "/1", "0//1", "0-1/1-2", "3-1/4", "0/x", "99999999999", "")) {
            String msg = error("-XX:NUMATopology=" + bad);
            assertTrue(msg.contains("-XX:NUMATopology") && msg.contains("'auto'") && msg.contains("a node count N"), bad + ": " + msg);
        }
        assertTrue(error("-XX:NUMATopology=0-1/1-2").contains("CPU 1 is in both pseudo-node 0 and pseudo-node 1"));
        assertTrue(error("-XX:NUMATopology=0/x").contains("pseudo-node 1 'x' is not a CPU list"));
        assertTrue(error("-XX:NUMATopology=0//1").contains("pseudo-node 1 has no CPUs"));
    }

    @Test
    void unknownFlagGetsASuggestion() {
        String msg = error("-XX:PerfUtilEvnts=cycles");
        assertTrue(msg.contains("unknown NUMA flag -XX:PerfUtilEvnts"), msg);
        assertTrue(msg.contains("did you mean -XX:PerfUtilEvents="), msg);
    }

    @Test
    void suggestionsAreWhatTheUserTypes() {
        String bool = error("-XX:+NUMAProfilr");
        assertTrue(bool.contains("did you mean -XX:+NUMAProfiler?") || bool.contains("did you mean -XX:+NUMAProfiler,"), bool);
        String value = error("-XX:PerfUtilEvent=cycles");
        assertTrue(value.contains("did you mean -XX:PerfUtilEvents="), value);
    }

    @Test
    void familyOwnsTyposAndReservedPrefixesButNotHotSpotFlags() {
        assertTrue(NumaFlags.claims("-XX:+PerfUtil"));
        assertTrue(NumaFlags.claims("-XX:PerfUtilEvnts=cycles"));
        assertTrue(NumaFlags.claims("-XX:+NUMAProfilerSomething"));
        assertTrue(NumaFlags.claims("-XX:+NUMAOptsTypo"));
        assertTrue(NumaFlags.claims("-XX:NUMATopolgy=2"), "near miss of NUMATopology");
        assertTrue(NumaFlags.claims("-XX:+PrintNUMAFlag"), "near miss of PrintNUMAFlags");
        assertTrue(NumaFlags.claims("-XX:+PerfUtl"), "near miss of PerfUtil");
        assertFalse(NumaFlags.claims("-XX:+UseNUMA"));
        assertFalse(NumaFlags.claims("-XX:+UseNUMAInterleaving"));
        assertFalse(NumaFlags.claims("-XX:+PrintFlagsFinal"));
        assertFalse(NumaFlags.claims("-XX:MaxRAMPercentage=50"));
        assertFalse(NumaFlags.claims("-Xmx1g"));
        assertFalse(NumaFlags.claims("PerfUtil"));
    }

    @Test
    void agentArgsRoundTripWithSpacesAndSeparators() throws FlagException {
        FlagValues v = parse("-XX:+PerfUtil", "-XX:PerfUtilOutput=/tmp/my dir/a=b,c%20d+e.csv",
                "-XX:PerfUtilEvents=task-clock,page-faults", "-XX:NUMATopology=0/1", "-XX:PerfUtilScope=core");
        String agentArgs = v.toAgentArgs();
        assertFalse(agentArgs.contains("my dir"), "spaces must be encoded: " + agentArgs);
        FlagValues back = set.parseAgentArgs(agentArgs);
        assertEquals(v.toArgs(), back.toArgs());
        assertEquals("/tmp/my dir/a=b,c%20d+e.csv", back.get(PerfUtilFlags.OUTPUT));
        assertEquals(PerfUtilFlags.Scope.CORE, back.get(PerfUtilFlags.SCOPE));
        assertEquals(List.of("task-clock", "page-faults"), back.get(PerfUtilFlags.EVENTS));
    }

    @Test
    void describeListsEveryFlagWithTypeAndDefault() {
        String table = set.describe();
        for (var f : PerfUtilFlags.all()) {
            assertTrue(table.contains(f.name()), f.name());
            assertTrue(table.contains(f.description()), f.description());
        }
        assertTrue(table.lines().anyMatch(l -> l.startsWith("PerfUtilScope ") && l.contains("thread|core|both") && l.contains("thread ")));
        assertTrue(table.lines().anyMatch(l -> l.startsWith("NUMATopology ") && l.contains("auto")));
    }

    @Test
    void flagsPageTableIsTheGeneratedOne() throws java.io.IOException {
        String page = java.nio.file.Files.readString(java.nio.file.Path.of(System.getProperty("numa.home"), "docs", "flags.md"));
        String table = set.markdownTable();
        for (var f : set.flags()) {
            String form = f.isBoolean() ? "`-XX:+" + f.name() + "`" : "`-XX:" + f.name() + "=`";
            assertTrue(table.contains("| " + form + " |"), "generated table lacks " + form);
        }
        assertTrue(page.contains(table), "docs/flags.md's flag table is out of date: regenerate it with bin/numa flags --markdown");
    }
}
