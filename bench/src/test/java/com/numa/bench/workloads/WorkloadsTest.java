package com.numa.bench.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadsTest {
    /** Checksums at scale 0.01, as the two registries this one replaced computed them. */
    private static final Map<String, Long> CHECKSUMS = Map.of(
            "single-threaded-loop", 7560507627134873859L,
            "balanced-workers", -7770544698639863517L,
            "imbalanced-workers", -5647262225825076080L,
            "object-graph", 14990958650L,
            "array-exchange", 819200L,
            "hashmap", 1000000L,
            "matrix", 8140800L);

    @Test
    void everyWorkloadKeepsItsNameAndChecksum() throws InterruptedException {
        assertEquals(CHECKSUMS.keySet(), Set.copyOf(Workloads.names()));
        for (String name : Workloads.names()) {
            assertEquals(CHECKSUMS.get(name), Workloads.named(name).at(0.01).iteration(), name);
        }
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workloads.named("matrx"));
        assertTrue(e.getMessage().contains("'matrx'") && e.getMessage().contains("matrix"), e.getMessage());
    }

    @Test
    void eachWorkloadHasOneLineOfDescription() {
        List<String> lines = Workloads.describe();
        assertEquals(Workloads.names().size(), lines.size());
        lines.forEach(l -> assertTrue(!l.isBlank() && l.lines().count() == 1, l));
    }
}
