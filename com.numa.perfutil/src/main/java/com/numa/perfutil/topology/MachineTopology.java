package com.numa.perfutil.topology;

import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;

/**
 * This machine's topology: the kernel's nodes from sysfs, or an emulated topology over them. The grammar of
 * {@code -XX:NUMATopology} is {@link NumaTopologies}' (pure, in core); this class only supplies the real machine.
 */
public final class MachineTopology {

    private MachineTopology() {
    }

    /** The machine's real topology, restricted to the CPUs the calling thread may use. */
    public static NumaTopology real() {
        return new SysfsTopologyReader().read();
    }

    /** Parses a {@code -XX:NUMATopology} value against the machine's real topology. */
    public static NumaTopology fromSpec(String spec) {
        return NumaTopologies.fromSpec(spec, real());
    }
}
