package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildRun;
import com.numa.testing.LargeArrayHolder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JFR's old-object sampler as the kernel locality source's allocation sites: a JVM that keeps a 32 MiB long[] until
 * it exits; its recording (written by JFR at exit) holds that array with its address, its size and the allocating
 * method. And the names a person reads.
 */
class ObjectSamplesIT {
    @TempDir
    Path tmp;

    @Test
    void aLargeLongLivedArrayIsSampledWithItsSizeAndAllocatingMethod() throws Exception {
        Path jfr = tmp.resolve("objects.jfr");
        ChildRun r = LargeArrayHolder.run(List.of(), List.of(jfr.toString()));
        assertEquals(0, r.exitCode(), r.diagnostics());
        List<LocalitySites.SampledObject> objects = ObjectSamples.read(jfr);
        Optional<LocalitySites.SampledObject> array = objects.stream()
                .filter(o -> o.site().startsWith("com.numa.testing.LargeArrayHolder.allocate:")).findFirst();
        assertTrue(array.isPresent(), "the array among " + objects.size() + " sampled objects: " + objects + r.diagnostics());
        assertEquals("long[]", array.get().type());
        assertTrue(array.get().bytes() >= 8L * (4 << 20), array.get().toString());
        assertTrue(array.get().address() != 0, array.get().toString());
    }

    @Test
    void elementSizesOfTheArraysTypes() {
        assertEquals(8, ObjectSamples.elementBytes("double"));
        assertEquals(1, ObjectSamples.elementBytes("boolean"));
        assertEquals(4, ObjectSamples.elementBytes("java.lang.Object"));
    }
}
