package com.numa.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Every CSV file numa-jvm writes, in one format: a header row, one record per line ('\n'), ',' between fields, Commons
 * CSV's quoting where a value needs it, units in the column names ({@code _ns}, {@code _bytes}, {@code _pct}).
 */
public final class CsvTables {
    /** The one format (also the one to read them back with, header first). */
    public static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    /** Prints the records of one table. */
    @FunctionalInterface
    public interface Records {
        void print(CSVPrinter out) throws IOException;
    }

    private CsvTables() {
    }

    /** One table as text: the header row, then the records. */
    public static String table(List<String> header, Records records) {
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(sb, FORMAT.builder().setHeader(header.toArray(String[]::new)).get())) {
            records.print(out);
        } catch (IOException e) {
            throw new UncheckedIOException("appending to a StringBuilder cannot fail", e);
        }
        return sb.toString();
    }

    /** Records without a header row, for a file that is appended to (a log whose header was written first). */
    public static String rows(Records records) {
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(sb, FORMAT)) {
            records.print(out);
        } catch (IOException e) {
            throw new UncheckedIOException("appending to a StringBuilder cannot fail", e);
        }
        return sb.toString();
    }

    /**
     * Replaces {@code target} atomically with the table of {@code rows} (one list of values per record). For callers
     * outside the agent jar, where Commons CSV is relocated: this signature holds only JDK types.
     */
    public static void write(Path target, List<String> header, List<? extends List<?>> rows) throws IOException {
        write(target, header, out -> {
            for (List<?> r : rows) {
                out.printRecord(r);
            }
        });
    }

    /** Replaces {@code target} atomically with the table. */
    public static void write(Path target, List<String> header, Records records) throws IOException {
        AtomicFiles.writeString(target, table(header, records));
    }
}
