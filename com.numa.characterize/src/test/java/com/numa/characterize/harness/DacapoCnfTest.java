package com.numa.characterize.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DacapoCnfTest {

    @Test
    void readsNameThreadModelAndTheLimitOfEachSize() {
        DacapoCnf cnf = DacapoCnf.parse(Fixtures.LUSEARCH_CNF, "lusearch.cnf");
        assertEquals("lusearch", cnf.name());
        assertEquals("per_cpu", cnf.threadModel());
        assertEquals(Map.of("small", 4, "default", 256), cnf.threadLimits());
        assertEquals(List.of("small", "default"), List.copyOf(cnf.threadLimits().keySet()));
        assertTrue(cnf.takesThreadCount());
    }

    @Test
    void singleThreadedSizesHaveNoLimitAndTakeNoThreadCount() {
        DacapoCnf cnf = DacapoCnf.parse(Fixtures.FOP_CNF, "fop.cnf");
        assertEquals("single", cnf.threadModel());
        assertEquals(Map.of("small", 0, "default", 0), cnf.threadLimits());
        assertFalse(cnf.takesThreadCount());
    }

    @Test
    void aDescriptionWithoutANameIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DacapoCnf.parse("size small args \"x\"", "x.cnf"));
        assertEquals("x.cnf: no 'benchmark <name>' in it", e.getMessage());
    }

    @Test
    void theThreadCountIsClampedToTheSizesLimitAndOnlyForPerCpuBenchmarks() {
        DacapoCnf lusearch = DacapoCnf.parse(Fixtures.LUSEARCH_CNF, "lusearch.cnf");
        DacapoCnf fop = DacapoCnf.parse(Fixtures.FOP_CNF, "fop.cnf");
        assertEquals(4, DacapoSuite.threadCount(lusearch, "small", 16));
        assertEquals(16, DacapoSuite.threadCount(lusearch, "default", 16));
        assertEquals(0, DacapoSuite.threadCount(lusearch, "default", 0));
        assertEquals(0, DacapoSuite.threadCount(fop, "default", 16));
    }
}
