package com.numa.characterize.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A wrong {@code --suite} path fails before any JVM starts, with one sentence saying what is wrong. */
class BadJarsTest {

    @TempDir
    Path dir;

    private static String dacapoError(Path jar) {
        return assertThrows(IllegalArgumentException.class, () -> new DacapoSuite(jar)).getMessage();
    }

    private static String renaissanceError(Path jar) {
        return assertThrows(IllegalArgumentException.class, () -> new RenaissanceSuite(jar)).getMessage();
    }

    @Test
    void aMissingFile() {
        Path jar = dir.resolve("dacapo-23.11-chopin.jar");
        assertEquals("--suite dacapo:" + jar + ": no such file (pass the path of the DaCapo jar you downloaded)", dacapoError(jar));
        assertEquals("--suite renaissance:" + jar + ": no such file (pass the path of the Renaissance jar you downloaded)",
                renaissanceError(jar));
    }

    @Test
    void aDirectory() {
        assertEquals("--suite dacapo:" + dir + ": not a readable file", dacapoError(dir));
    }

    @Test
    void notAZip() throws IOException {
        Path jar = Files.writeString(dir.resolve("renaissance.jar"), "<html>404 Not Found</html>");
        String message = renaissanceError(jar);
        assertTrue(message.startsWith("--suite renaissance:" + jar + ": not a jar (not a zip file: "), message);
    }

    @Test
    void neitherSuite() throws IOException {
        Path jar = FakeJars.plain(dir, "app.jar", Map.of("com/example/App.class", "x"));
        assertEquals("--suite dacapo:" + jar + ": neither a DaCapo jar (it has no org/dacapo/harness/Callback.class and "
                + "META-INF/cnf/) nor a Renaissance jar (it has no org/renaissance/Plugin.class and benchmarks.properties)",
                dacapoError(jar));
    }

    @Test
    void aRenaissanceJarGivenAsDacapo() throws IOException {
        Path jar = FakeJars.renaissance(dir, Fixtures.RENAISSANCE_PROPERTIES);
        assertEquals("--suite dacapo:" + jar + ": this is a Renaissance jar; use --suite renaissance:" + jar, dacapoError(jar));
    }

    @Test
    void aDacapoJarGivenAsRenaissance() throws IOException {
        Path jar = FakeJars.dacapo(dir, Fixtures.DACAPO_CNFS, Map.of());
        assertEquals("--suite renaissance:" + jar + ": this is a DaCapo jar; use --suite dacapo:" + jar, renaissanceError(jar));
    }
}
