package com.numa.core.io;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.StringTokenizer;

/**
 * Reads the small text files of /proc and /sys through a plain {@link FileInputStream}. {@code Files.readString} opens
 * a {@code FileChannel}, whose first use loads about thirty classes and the JDK's nio native library: 2.4 ms against
 * 0.2 ms for the first read in a fresh JVM, paid in premain, on the main thread, before the application's main. Bytes
 * that are not UTF-8 (a thread name cut in the middle of a character) are replaced instead of failing the read.
 */
public final class KernelFiles {
    private KernelFiles() {
    }

    /** The whole file; an IOException (FileNotFoundException for a file that does not exist) when it cannot be read. */
    public static String read(Path file) throws IOException {
        try (InputStream in = new FileInputStream(file.toString())) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The fields of a line of a kernel file, split at runs of whitespace (what {@code trim().split("\\s+")} gives for a
     * line that is not blank; nothing for a blank one). Not a regex: the character class of the first one compiled in a
     * JVM costs it its method-handle machinery, about 3 ms in premain; the tokenizer is the one the agent arguments are
     * split by there anyway (FlagSet).
     */
    public static String[] fields(String line) {
        StringTokenizer tokens = new StringTokenizer(line, " \t\n\r\f\u000B"); // \s's characters
        String[] out = new String[tokens.countTokens()];
        for (int i = 0; i < out.length; i++) {
            out[i] = tokens.nextToken();
        }
        return out;
    }

    /** The file's lines (the kernel ends them with '\n'), without their terminators. */
    public static List<String> lines(Path file) throws IOException {
        return List.of(read(file).split("\n")); // not String.lines(): its stream loads two dozen classes more
    }
}
