package com.numa.characterize.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The category map's names never overlap, even when several applications sit at the same spot. */
class MapLabelsTest {

    private static void assertNoOverlap(List<MapLabels.Box> boxes) {
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                assertFalse(boxes.get(i).overlaps(boxes.get(j)), boxes.get(i) + " overlaps " + boxes.get(j));
            }
        }
    }

    @Test
    void namesAtTheSameSpotAreStacked() {
        // the built-in suite: four balanced programs without main work sit at (0, 0), as in the report
        List<String> names = List.of("serial-walk", "half-cores-walk", "dominant-worker", "uneven-kmeans", "parallel-walk",
                "shared-dictionary", "dining-philosophers");
        double[] x = {0, 0.5, 135, 50, 0.2, 0.1, 0.3};
        double[] y = {100, 1, 2, 1, 0.5, 0.3, 0.8};
        List<MapLabels.Box> boxes = MapLabels.place(x, y, names, 148.5, 0, 105, 480, 300);
        assertEquals(names.size(), boxes.size());
        assertNoOverlap(boxes);
        for (MapLabels.Box b : boxes) {
            assertTrue(b.y() >= 0 && b.y() <= 105, b + " stays inside the plot");
            assertTrue(b.x() - b.halfWidth() >= 0 && b.x() + b.halfWidth() <= 148.5, b + " stays inside the plot's width");
        }
    }

    @Test
    void aNameAtTheTopGoesBelowItsPoint() {
        List<MapLabels.Box> boxes = MapLabels.place(new double[] {10, 10}, new double[] {104, 104}, List.of("a", "b"),
                100, 0, 105, 480, 300);
        assertNoOverlap(boxes);
        assertTrue(boxes.get(1).y() < 104, "no room above the top: " + boxes.get(1));
    }

    @Test
    void theVerdictsLongTextsAreNotRepeatedInThePagesCategoriesTable() {
        Table t = new Table("categories.csv", "t", "", List.of("application", "parallelism", "recommendation", "concerns",
                "evidence", "warnings", "reason"), List.of());
        assertEquals(List.of(0, 1, 6), StudyOutput.shownColumns(t));
    }
}
