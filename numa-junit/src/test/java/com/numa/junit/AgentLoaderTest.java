package com.numa.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The agent loader in a JVM that runs the agent (this module's argLine), and the flags it attaches with. */
class AgentLoaderTest {
    @Test
    void theProfilerStartedByArgLineIsFoundAndNothingIsAttached() {
        assertTrue(AgentLoader.agentVisible());
        assertTrue(AgentLoader.profilerRunning());
        assertNull(AgentLoader.decide(AgentLoader.DEFAULT_FLAGS, "/no/such/agent.jar"));
    }

    @Test
    void anAttachRetransformsTheTestPackageUnlessTheFlagsSayWhat() {
        assertEquals(AgentLoader.DEFAULT_FLAGS + ",NUMAProfilerRetransform=com.example.**",
                AgentLoader.withRetransform(AgentLoader.DEFAULT_FLAGS, "com.example"));
        assertEquals("NUMAProfiler,NUMAProfilerRetransform=org.acme.*",
                AgentLoader.withRetransform("NUMAProfiler,NUMAProfilerRetransform=org.acme.*", "com.example"));
        assertEquals("NUMAProfiler", AgentLoader.withRetransform("NUMAProfiler", ""));
    }
}
