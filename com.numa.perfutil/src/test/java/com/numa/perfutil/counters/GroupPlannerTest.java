package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.events.EventSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupPlannerTest {

    static EventSpec hw(String name) {
        return new EventSpec(name, EventSpec.TYPE_RAW, name.hashCode() & 0xffff, 0, 0, false, false, true);
    }

    static EventSpec sw(String name) {
        return new EventSpec(name, EventSpec.TYPE_SOFTWARE, 1, 0, 0, false, false, false);
    }

    static List<List<String>> names(List<List<EventSpec>> plan) {
        return plan.stream().map(g -> g.stream().map(EventSpec::name).toList()).toList();
    }

    @Test
    void softwareTogetherHardwareAtMostNPerGroup() {
        List<EventSpec> events = List.of(hw("h1"), sw("s1"), hw("h2"), hw("h3"), hw("h4"), hw("h5"), sw("s2"),
                hw("h6"), hw("h7"), hw("h8"), hw("h9"), sw("s3"));
        List<List<EventSpec>> plan = GroupPlanner.defaults().plan(events);
        assertEquals(List.of(List.of("s1", "s2", "s3"), List.of("h1", "h2", "h3", "h4"), List.of("h5", "h6", "h7", "h8"),
                List.of("h9")), names(plan));
        assertEquals(List.of(List.of("h1", "h2"), List.of("h3")),
                names(new GroupPlanner(2).plan(List.of(hw("h1"), hw("h2"), hw("h3")))));
        assertEquals(List.of(), new GroupPlanner(3).plan(List.of()));
    }

    @Test
    void softwareGroupCanBeCappedToo() {
        List<EventSpec> twelve = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            twelve.add(sw("s" + i));
        }
        List<List<EventSpec>> plan = new GroupPlanner(4, 4).plan(twelve);
        assertEquals(3, plan.size());
        plan.forEach(g -> assertEquals(4, g.size()));
    }

    @Test
    void refusedGroupsAreHalvedUntilTheKernelAccepts() {
        List<EventSpec> events = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            events.add(hw("h" + i));
        }
        List<List<EventSpec>> asked = new ArrayList<>();
        // a scripted kernel with 2 free counters, which also refuses h7 and h8 together (a scheduling constraint)
        List<List<EventSpec>> refined = new GroupPlanner(8).refine(new GroupPlanner(8).plan(events), g -> {
            asked.add(g);
            boolean conflict = g.stream().anyMatch(e -> e.name().equals("h7")) && g.stream().anyMatch(e -> e.name().equals("h8"));
            return g.size() <= 2 && !conflict;
        });
        assertEquals(List.of(List.of("h1", "h2"), List.of("h3", "h4"), List.of("h5", "h6"), List.of("h7"), List.of("h8")),
                names(refined));
        assertEquals(8, asked.get(0).size(), "the planned group is tried first");
        assertTrue(asked.stream().noneMatch(g -> g.size() == 1), "single events are not re-probed");
    }

    @Test
    void badGroupSizeIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GroupPlanner(0));
        assertTrue(e.getMessage().contains("at least 1"), e.getMessage());
    }
}
