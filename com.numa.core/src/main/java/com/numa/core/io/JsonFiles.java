package com.numa.core.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;

/**
 * Every JSON file numa-jvm writes, through Jackson: two-space indentation, {@code "key": value}, and numbers in plain
 * notation (never {@code 1.0E-5}), so a person and a regular expression read them alike.
 */
public final class JsonFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN, true);
    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

    private JsonFiles() {
    }

    /** The shared mapper, for reading. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** {@code value} (maps, lists, records, numbers, strings) as indented JSON text ending in a newline. */
    public static String toJson(Object value) {
        try {
            return WRITER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Replaces {@code target} atomically with {@code value} as JSON. */
    public static void write(Path target, Object value) throws IOException {
        AtomicFiles.writeString(target, toJson(value));
    }

    /** A ratio or a percentage rounded to {@code places} decimals, for a stable, readable file. */
    public static BigDecimal rounded(double value, int places) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_UP) : null;
    }
}
