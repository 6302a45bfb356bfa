package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KernelNumaCountersTest {

    @Test
    void vmstatKeepsOnlyNumaCountersAndDeltasThem() {
        Map<String, Long> before = KernelNumaCounters.parseVmstat(
                "nr_free_pages 100\nnuma_hit 5\nnuma_hint_faults 10\nnuma_pages_migrated 0\n");
        Map<String, Long> after = KernelNumaCounters.parseVmstat(
                "nr_free_pages 90\nnuma_hit 9\nnuma_hint_faults 4210\nnuma_pages_migrated 32\nnuma_new 1\n");
        assertEquals(Map.of("numa_hit", 5L, "numa_hint_faults", 10L, "numa_pages_migrated", 0L), before);
        assertEquals(Map.of("numa_hit", 4L, "numa_hint_faults", 4200L, "numa_pages_migrated", 32L),
                KernelNumaCounters.delta(before, after));
    }

    @Test
    void schedFaultsSumTaskPrivateAndSharedPerNode() {
        String sched = """
                numa_preferred_nid                           :                    1
                total_numa_faults                            :                  620
                current_node=1, numa_group_id=0
                numa_faults node=0 task_private=0 task_shared=20 group_private=0 group_shared=0
                numa_faults node=1 task_private=512 task_shared=88 group_private=0 group_shared=0
                """;
        assertEquals(Map.of(0, 20L, 1, 600L), KernelNumaCounters.parseSchedFaults(sched));
    }
}
