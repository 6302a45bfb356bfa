package com.numa.speedup;

import java.io.IOException;

/** Test access to the package-private agent jar bytes from the clock package's tests. */
public final class SpeedupMeasurementAccess {
    private SpeedupMeasurementAccess() {
    }

    public static byte[] agentJarBytes() throws IOException {
        return SpeedupMeasurement.agentJarBytes();
    }
}
