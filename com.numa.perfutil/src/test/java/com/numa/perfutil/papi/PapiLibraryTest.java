package com.numa.perfutil.papi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PapiLibraryTest {

    @Test
    void missingLibraryNamesItAndTheFix() {
        PapiException e = assertThrows(PapiException.class, () -> Papi.load("numa-no-such-papi", "numa-no-such-papi.so.7"));
        assertTrue(e.getMessage().contains("libpapi not found"), e.getMessage());
        assertTrue(e.getMessage().contains("numa-no-such-papi.so.7"), e.getMessage());
        assertTrue(e.getMessage().contains("apt-get install libpapi-dev"), e.getMessage());
        assertEquals(0, e.code());
    }

    @Test
    void installedLibraryLoadsAndDescribesErrorCodes() {
        Papi papi = Papi.get();
        assertEquals("PAPI_ENOEVNT (-7, Event does not exist)", papi.describe(Papi.PAPI_ENOEVNT));
        int perf = -1;
        for (int i = 0; i < papi.numComponents(); i++) {
            if ("perf_event".equals(papi.componentName(i))) {
                perf = i;
            }
        }
        assertTrue(perf >= 0, "perf_event component expected");
        // enabled wherever PAPI's libpfm4 knows the CPU; where it does not, PapiThreadSamplerTest checks the message
        assertEquals(PapiThreadSampler.perfComponentProblem() == null, papi.componentDisabledReason(perf) == null);
    }
}
