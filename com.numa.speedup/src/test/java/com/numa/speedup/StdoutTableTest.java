package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** speedup-stack's stdout table: every column it prints is explained, with its unit, in the legend under it. */
class StdoutTableTest {

    @Test
    void everyColumnHasAUnitAndALegendLine() {
        Map<Component, SpeedupStack.Part> parts = new EnumMap<>(Component.class);
        for (Component c : Component.values()) {
            parts.put(c, new SpeedupStack.Part(c == Component.MEASURED ? 2 : 0, 0, 0, 0));
        }
        RunSummary r = new RunSummary(1, -1, 0, 0, 0, 0, 0, -1, -1, List.of());
        SpeedupStack two = new SpeedupStack(2, 1000, 1000, parts, r, r, 0);
        StackReport report = new StackReport("t", List.of("Main", "{threads}"), 1, List.of(two), Map.of(2, 100L),
                Map.of(2, 110L), new MeasurementStartup(5, 0), List.of());
        StringWriter text = new StringWriter();
        SpeedupStackCommand.printTable(new PrintWriter(text), report, Path.of("out"));
        List<String> lines = text.toString().lines().toList();
        List<String> header = List.of(lines.get(0).trim().split("\\s+"));
        assertEquals("threads", header.get(0));
        String legend = String.join("\n", lines.subList(2, lines.size()));
        assertTrue(legend.contains("units:") && legend.contains("speedup (x)"), legend);
        for (String column : header.subList(header.indexOf("time-sharing"), header.size())) {
            assertTrue(legend.lines().anyMatch(l -> l.strip().startsWith(column + " ")), column + " has no legend line: " + legend);
        }
        assertTrue(lines.get(1).contains("10.0"), "cost% of 110 over 100 ns: " + lines.get(1));
    }
}
