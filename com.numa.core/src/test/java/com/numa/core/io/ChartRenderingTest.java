package com.numa.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Charts given up, with the reason, where the font stack does not load; the chart code's own bugs still thrown. */
class ChartRenderingTest {
    @AfterEach
    void forget() {
        ChartRendering.reset();
    }

    @Test
    void drawsWhileTheStackLoadsAndKeepsTheFirstFailureForTheJvm() throws Exception {
        assertArrayEquals(new byte[] {1, 2}, ChartRendering.draw(() -> new byte[] {1, 2}).orElseThrow());
        assertEquals(Optional.empty(), ChartRendering.failure());

        Optional<byte[]> none = ChartRendering.draw(() -> {
            throw new UnsatisfiedLinkError("/jdk/lib/libfontmanager.so: libharfbuzz.so.0: cannot open shared object "
                    + "file: No such file or directory");
        });
        assertTrue(none.isEmpty());
        String line = ChartRendering.failure().orElseThrow();
        assertTrue(line.contains("libharfbuzz.so.0: cannot open shared object file"), line);
        assertTrue(line.contains("fix: " + ChartRendering.FIX), line);

        AtomicInteger tried = new AtomicInteger();
        assertTrue(ChartRendering.draw(() -> {
            tried.incrementAndGet();
            return new byte[0];
        }).isEmpty());
        assertEquals(0, tried.get(), "once the stack failed, later charts are not tried");
    }

    @Test
    void aRuntimeExceptionThrownInsideJavaAwtIsAGraphicsFailure() throws Exception {
        // a real exception from a java.awt frame, as the JDK's font configuration throws where no font is installed
        Optional<byte[]> none = ChartRendering.draw(() -> new byte[new java.awt.Color(300, 0, 0).getRed()]);
        assertTrue(none.isEmpty());
        String line = ChartRendering.failure().orElseThrow();
        assertTrue(line.contains("IllegalArgumentException: Color parameter outside of expected range"), line);
    }

    @Test
    void theChartCodesOwnBugsAreNotHidden() {
        assertThrows(IllegalStateException.class, () -> ChartRendering.draw(() -> {
            throw new IllegalStateException("a bug in the chart's own code");
        }));
        assertThrows(OutOfMemoryError.class, () -> ChartRendering.draw(() -> {
            throw new OutOfMemoryError("Java heap space");
        }));
        assertEquals(Optional.empty(), ChartRendering.failure());
    }
}
