package com.numa.opt;

import com.numa.core.flags.Flag;
import com.numa.opt.OptFlags.Signal;

/** One probe signal's cost over one interval (lower is better); NaN when the interval gave it nothing to measure. */
public record SignalCost(Signal signal, double cost) {

    public boolean measurable() {
        return Double.isFinite(cost) && cost > 0;
    }

    /** The signal as flags and logs spell it ({@code cpu-share}). */
    public String name() {
        return Flag.spell(signal);
    }
}
