package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadClockReaderTest {
    @TempDir
    Path tmp;

    @Test
    void threadRowsByJavaIdAndTheMainRow() throws IOException {
        Path csv = tmp.resolve("c.csv");
        Files.writeString(csv, "thread_id,role,cpu_ns\n17,thread,830000000\n18,thread,5\n1,main,42000000\n");
        ThreadClockReader.ThreadClock c = ThreadClockReader.read(csv);
        assertEquals(Map.of(17L, 830_000_000L, 18L, 5L), c.byJavaId());
        assertEquals(42_000_000L, c.mainNs());
    }

    @Test
    void noMainRowIsUnknown() throws IOException {
        Path csv = tmp.resolve("c.csv");
        Files.writeString(csv, "thread_id,role,cpu_ns\n17,thread,1\n");
        assertEquals(WorkerTimes.UNKNOWN, ThreadClockReader.read(csv).mainNs());
    }

    @Test
    void aFileOfAnotherKindIsAnIoErrorNamingIt() throws IOException {
        Path csv = tmp.resolve("perfutil.csv");
        Files.writeString(csv, "scope,timestamp_ns,tid\nthread,1,2\n");
        IOException e = assertThrows(IOException.class, () -> ThreadClockReader.read(csv));
        assertEquals(true, e.getMessage().contains("perfutil.csv"), e.getMessage());
    }
}
