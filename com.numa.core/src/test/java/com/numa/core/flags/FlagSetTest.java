package com.numa.core.flags;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlagSetTest {
    enum Scope { THREAD, CORE, BOTH }

    enum Owner { LAST_WRITER, ALLOCATOR }

    static final Flag<Boolean> ON = Flag.bool("DemoOn", false, "turns the demo on");
    static final Flag<Integer> INTERVAL = Flag.integer("DemoInterval", 200, 10, 60_000, "interval in ms");
    static final Flag<Double> MARGIN = Flag.decimal("DemoMargin", 0.15, 0.0, 10.0, "margin");
    static final Flag<String> OUT = Flag.string("DemoOutput", "out.csv", "output file");
    static final Flag<List<String>> EVENTS = Flag.list("DemoEvents", List.of("task-clock"), "events");
    static final Flag<Scope> SCOPE = Flag.choice("DemoScope", Scope.class, Scope.THREAD, "scope");
    static final Flag<Owner> OWNER = Flag.choice("DemoOwner", Owner.class, Owner.LAST_WRITER, "owner");

    final FlagSet set = new FlagSet(List.of("Demo"), List.of(ON, INTERVAL, MARGIN, OUT, EVENTS, SCOPE, OWNER));

    @Test
    void defaultsApplyWhenNothingIsGiven() throws FlagException {
        FlagValues v = set.parse(List.of());
        assertFalse(v.get(ON));
        assertEquals(200, v.get(INTERVAL));
        assertEquals(List.of("task-clock"), v.get(EVENTS));
        assertEquals(Scope.THREAD, v.get(SCOPE));
        assertFalse(v.isSet(INTERVAL));
    }

    @Test
    void everyTypeParsesAndLaterOccurrencesWin() throws FlagException {
        FlagValues v = set.parse(List.of("-XX:+DemoOn", "-XX:DemoInterval=50", "-XX:DemoInterval=75",
                "-XX:DemoMargin=0.3", "-XX:DemoOutput=/tmp/a b.csv", "-XX:DemoEvents=cycles, instructions",
                "-XX:DemoScope=both", "-XX:DemoOwner=allocator", "-XX:-DemoOn"));
        assertFalse(v.get(ON));
        assertEquals(75, v.get(INTERVAL));
        assertEquals(0.3, v.get(MARGIN));
        assertEquals("/tmp/a b.csv", v.get(OUT));
        assertEquals(List.of("cycles", "instructions"), v.get(EVENTS));
        assertEquals(Scope.BOTH, v.get(SCOPE));
        assertEquals(Owner.ALLOCATOR, v.get(OWNER));
    }

    @Test
    void badValuesNameTheFlagAndTheValidChoices() {
        FlagException range = assertThrows(FlagException.class, () -> set.parse(List.of("-XX:DemoInterval=5")));
        assertTrue(range.getMessage().contains("-XX:DemoInterval") && range.getMessage().contains("[10, 60000]"),
                range.getMessage());
        FlagException choice = assertThrows(FlagException.class, () -> set.parse(List.of("-XX:DemoScope=socket")));
        assertTrue(choice.getMessage().contains("[thread, core, both]"), choice.getMessage());
        FlagException notNumber = assertThrows(FlagException.class, () -> set.parse(List.of("-XX:DemoMargin=abc")));
        assertTrue(notNumber.getMessage().contains("'abc'"), notNumber.getMessage());
        FlagException boolWithValue = assertThrows(FlagException.class, () -> set.parse(List.of("-XX:DemoOn=true")));
        assertTrue(boolWithValue.getMessage().contains("-XX:+DemoOn"), boolWithValue.getMessage());
        FlagException valueMissing = assertThrows(FlagException.class, () -> set.parse(List.of("-XX:+DemoInterval")));
        assertTrue(valueMissing.getMessage().contains("-XX:DemoInterval=<int>"), valueMissing.getMessage());
    }

    @Test
    void unknownFlagSuggestsTheNearestDeclaredOnes() {
        FlagException e = assertThrows(FlagException.class, () -> set.parse(List.of("-XX:DemoIntervall=5")));
        assertTrue(e.getMessage().contains("did you mean -XX:DemoInterval"), e.getMessage());
        assertTrue(e.getMessage().contains("PrintNUMAFlags"), e.getMessage());
    }

    @Test
    void familyMembershipCatchesTyposButNotForeignFlags() {
        assertTrue(set.owns("-XX:DemoIntervall=5"));
        assertTrue(set.owns("-XX:+DemoOn"));
        assertFalse(set.owns("-XX:+UseNUMA"));
        assertFalse(set.owns("-Xmx1g"));
        assertFalse(set.owns("DemoOn"));
    }

    @Test
    void agentArgumentsRoundTripIncludingSpacesAndPlusSigns() throws FlagException {
        FlagValues v = set.parse(List.of("-XX:+DemoOn", "-XX:DemoOutput=/tmp/dir with space/a+b=c.csv",
                "-XX:DemoEvents=cpu/event=0x3c,umask=0x00/,task-clock", "-XX:DemoScope=core"));
        String agentArgs = v.toAgentArgs();
        assertFalse(agentArgs.contains("with space"), agentArgs);
        FlagValues back = set.parseAgentArgs(agentArgs);
        assertEquals(v.toArgs(), back.toArgs());
        assertEquals("/tmp/dir with space/a+b=c.csv", back.get(OUT));
        assertEquals(List.of("cpu/event=0x3c", "umask=0x00/", "task-clock"), back.get(EVENTS));
    }

    @Test
    void describeListsEveryFlagWithTypeDefaultAndDescription() {
        String table = set.describe();
        assertTrue(table.contains("DemoScope") && table.contains("thread|core|both") && table.contains("scope"), table);
        assertTrue(table.contains("DemoOwner") && table.contains("last-writer"), table);
        assertEquals(set.flags().size() + 1, table.strip().split("\n").length);
    }

    @Test
    void nearestNamesRanksByEditDistance() {
        assertEquals(List.of("task-clock", "cpu-clock"),
                NearestNames.of("tsk-clock", List.of("cpu-clock", "task-clock", "instructions"), 2));
        assertEquals(1, NearestNames.distance("cycles", "cycle"));
    }
}
