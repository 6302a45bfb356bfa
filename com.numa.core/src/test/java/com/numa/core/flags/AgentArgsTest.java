package com.numa.core.flags;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent argument grammar: every accepted spelling, separators inside values, and the launcher's encoding. */
class AgentArgsTest {
    static final Flag<Boolean> ON = Flag.bool("DemoOn", false, "turns the demo on");
    static final Flag<Boolean> QUIET = Flag.bool("DemoQuiet", false, "quiet");
    static final Flag<Integer> INTERVAL = Flag.integer("DemoInterval", 200, 10, 60_000, "interval in ms");
    static final Flag<String> OUT = Flag.string("DemoOutput", "out.csv", "output file");
    static final Flag<List<String>> EVENTS = Flag.list("DemoEvents", List.of("task-clock"), "events");

    final FlagSet set = new FlagSet(List.of("Demo"), List.of(ON, QUIET, INTERVAL, OUT, EVENTS));

    @Test
    void commaSeparatedBareNamesLikeAsyncProfiler() throws FlagException {
        FlagValues v = set.parseAgentArgs("DemoOn,DemoInterval=50,DemoOutput=/x/p.csv");
        assertTrue(v.get(ON));
        assertEquals(50, v.get(INTERVAL));
        assertEquals("/x/p.csv", v.get(OUT));
        assertEquals(List.of("-XX:+DemoOn", "-XX:DemoInterval=50", "-XX:DemoOutput=/x/p.csv"), v.toArgs());
    }

    @Test
    void signsAndTheXxFormAreAcceptedAndMixed() throws FlagException {
        FlagValues v = set.parseAgentArgs("+DemoOn,-DemoQuiet,-XX:DemoInterval=75,-XX:-DemoOn");
        assertFalse(v.get(ON));
        assertTrue(v.isSet(QUIET) && !v.get(QUIET));
        assertEquals(75, v.get(INTERVAL));
    }

    @Test
    void spacesAndEncodedSpacesStillSeparate() throws FlagException {
        // the form the README used to give: %20 between -XX: flags
        FlagValues encoded = set.parseAgentArgs("-XX:+DemoOn%20-XX:DemoInterval=200");
        assertTrue(encoded.get(ON));
        assertEquals(200, encoded.get(INTERVAL));
        FlagValues spaced = set.parseAgentArgs("-XX:+DemoOn -XX:DemoInterval=300");
        assertTrue(spaced.get(ON));
        assertEquals(300, spaced.get(INTERVAL));
    }

    @Test
    void aCommaFollowedByAnythingButAFlagBelongsToTheValue() throws FlagException {
        FlagValues v = set.parseAgentArgs("DemoEvents=cpu/event=0x3c,umask=0x00/,task-clock,DemoOutput=/tmp/a b.csv,DemoOn");
        assertEquals(List.of("cpu/event=0x3c", "umask=0x00/", "task-clock"), v.get(EVENTS));
        assertEquals("/tmp/a b.csv", v.get(OUT));
        assertTrue(v.get(ON));
    }

    @Test
    void aMisspeltFlagAfterAValueIsReportedNotSwallowed() {
        FlagException e = assertThrows(FlagException.class,
                () -> set.parseAgentArgs("DemoOutput=/x,DemoIntervall=5"));
        assertTrue(e.getMessage().contains("unknown NUMA flag -XX:DemoIntervall"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean -XX:DemoInterval="), e.getMessage());
    }

    @Test
    void theMessageKeepsTheSignTheUserTyped() {
        FlagException e = assertThrows(FlagException.class, () -> set.parseAgentArgs("-XX:+DemoOnn%20-XX:DemoInterval=200"));
        assertTrue(e.getMessage().contains("unknown NUMA flag -XX:+DemoOnn;"), e.getMessage());
        FlagException bare = assertThrows(FlagException.class, () -> set.parseAgentArgs("DemoOnn,DemoInterval=200"));
        assertTrue(bare.getMessage().contains("unknown NUMA flag -XX:+DemoOnn;"), bare.getMessage());
    }

    @Test
    void aBareValuedFlagSaysItTakesAValue() {
        FlagException e = assertThrows(FlagException.class, () -> set.parseAgentArgs("DemoOn,DemoInterval"));
        assertTrue(e.getMessage().contains("-XX:DemoInterval=<int>"), e.getMessage());
    }

    @Test
    void anEncodedSpaceInsideAValueStaysUnlessAFlagInXxFormFollows() throws FlagException {
        assertEquals("/tmp/my dir/DemoOn.csv", set.parseAgentArgs("DemoOutput=/tmp/my%20dir/DemoOn.csv").get(OUT));
    }

    @Test
    void aPercentSignWithoutHexDigitsStaysAsTyped() throws FlagException {
        assertEquals("/tmp/p-%p-%h-50%.csv", set.parseAgentArgs("DemoOutput=/tmp/p-%p-%h-50%.csv").get(OUT));
        assertEquals("a,b é", set.parseAgentArgs("DemoOutput=a%2Cb%20%C3%A9").get(OUT));
        assertEquals("trailing %2", set.parseAgentArgs("DemoOutput=trailing%20%2").get(OUT));
    }

    @Test
    void emptyArgumentsAndStraySeparatorsGiveNoFlags() throws FlagException {
        assertEquals(List.of(), set.parseAgentArgs(null).toArgs());
        assertEquals(List.of(), set.parseAgentArgs("").toArgs());
        assertEquals(List.of("-XX:+DemoOn"), set.parseAgentArgs(" ,DemoOn, ").toArgs());
    }

    @Test
    void theLauncherEncodingRoundTripsValuesThatLookLikeSeparatorsAndFlags() throws FlagException {
        List<String> args = List.of("-XX:+DemoOn", "-XX:DemoOutput=/tmp/a b,DemoOn x -XX:+DemoQuiet%20+DemoOn 100%.csv",
                "-XX:DemoEvents=cycles,instructions");
        String agentArgs = AgentArgs.join(args);
        assertFalse(agentArgs.contains(" "), agentArgs);
        assertEquals(2, agentArgs.chars().filter(c -> c == ',').count(), "a raw comma only between flags: " + agentArgs);
        FlagValues back = set.parseAgentArgs(agentArgs);
        assertEquals(args, back.toArgs());
        assertEquals("/tmp/a b,DemoOn x -XX:+DemoQuiet%20+DemoOn 100%.csv", back.get(OUT));
        assertFalse(back.isSet(QUIET));
    }
}
