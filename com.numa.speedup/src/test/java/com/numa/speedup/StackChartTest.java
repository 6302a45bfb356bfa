package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;

/** The chart's series: one per component, "other" split into the part time-sharing explains and the rest. */
class StackChartTest {
    private static final double EPS = 1e-9;

    /** A stack at N=2 with T_p = 1000 ns whose "other" is {@code other} and time-sharing {@code sharing}. */
    private static SpeedupStack stack(double other, double sharing) {
        Map<Component, SpeedupStack.Part> parts = new EnumMap<>(Component.class);
        for (Component c : Component.values()) {
            parts.put(c, new SpeedupStack.Part(0, 0, 0, 0));
        }
        parts.put(Component.MEASURED, new SpeedupStack.Part(2 - other, 0, 0, 0));
        parts.put(Component.OTHER, new SpeedupStack.Part(other, 0, 0, 0));
        RunSummary r = new RunSummary(1, -1, 0, 0, 0, 0, 0, -1, -1, List.of());
        return new SpeedupStack(2, 1000, 1000, parts, r, r, Math.round(sharing * 1000));
    }

    @Test
    void otherIsSplitAtTheTimeSharingItHolds() {
        assertEquals(0.2, StackChart.otherBeyondTimeSharing(stack(0.5, 0.3)), EPS);
        assertEquals(0.0, StackChart.otherBeyondTimeSharing(stack(0.5, 1.4)), EPS, "time-sharing is capped at other");
        assertEquals(0.0, StackChart.otherBeyondTimeSharing(stack(-0.2, 0.3)), EPS, "a negative other is drawn as 0");
    }

    @Test
    void oneSeriesPerComponentAndTheTimeSharingPartOnTopWithTheTitle() {
        CategoryChart chart = StackChart.chart(List.of(stack(0.5, 0.3)), "h2 on a 2-vCPU VM");
        assertEquals("Speedup stack: h2 on a 2-vCPU VM", chart.getTitle());
        List<String> names = List.copyOf(chart.getSeriesMap().keySet());
        assertEquals(Component.values().length + 1, names.size());
        assertEquals("other: time-sharing", names.get(names.size() - 1));
        assertEquals(0.3, chart.getSeriesMap().get("other: time-sharing").getYData().iterator().next().doubleValue(),
                EPS);
        assertEquals(0.2, chart.getSeriesMap().get("other (7)").getYData().iterator().next().doubleValue(), EPS);
    }
}
