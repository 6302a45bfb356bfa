package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.MethodWindowMarks;
import org.junit.jupiter.api.Test;

/** TransformerJit names the one transformer it cannot link to (its package would then use the public one). */
class TransformerJitNamesTest {
    @Test
    void theMethodWindowMarksItKeepsOutOfC2AreThatClass() {
        assertEquals(MethodWindowMarks.class.getName().replace('.', '/'), TransformerJit.METHOD_WINDOW_MARKS);
        assertTrue(TransformerJit.TRANSFORMER_CODE.contains(TransformerJit.METHOD_WINDOW_MARKS + "*.*"),
                TransformerJit.TRANSFORMER_CODE.toString());
    }
}
