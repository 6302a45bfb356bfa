package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * bin/numa starts {@code numa vm}'s one JVM itself, so it splits the command line as {@link LauncherArguments} does:
 * its two lists (the NUMA flag family's prefixes, the java options that take a value) must stay equal to the Java ones.
 */
class NumaVmScriptTest {

    private static Set<String> bashArray(String script, String name) {
        Matcher m = Pattern.compile("(?s)\\n" + name + "=\\((.*?)\\)").matcher(script);
        assertTrue(m.find(), "bin/numa has no array " + name);
        return new TreeSet<>(Arrays.asList(m.group(1).trim().split("\\s+")));
    }

    private static String script() throws IOException {
        return Files.readString(Path.of(System.getProperty("numa.home"), "bin", "numa"));
    }

    @Test
    void theScriptKnowsEveryFlagFamily() throws IOException {
        assertEquals(new TreeSet<>(NumaFlags.set().familyPrefixes()), bashArray(script(), "numa_flag_prefixes"));
    }

    @Test
    void theScriptKnowsEveryJavaOptionThatTakesAValue() throws IOException {
        assertEquals(new TreeSet<>(LauncherArguments.TAKES_VALUE), bashArray(script(), "java_options_with_value"));
    }

    @Test
    void everyDeclaredFlagHasAFamilyPrefix() {
        for (var f : NumaFlags.set().flags()) {
            assertTrue(NumaFlags.set().familyPrefixes().stream().anyMatch(p -> f.name().startsWith(p)),
                    f.name() + " starts with no family prefix: bin/numa vm would hand it to java");
        }
    }
}
