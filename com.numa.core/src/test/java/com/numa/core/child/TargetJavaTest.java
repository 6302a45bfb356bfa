package com.numa.core.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetJavaTest {

    @Test
    void featureVersionFromReleaseFile() {
        assertEquals(25, TargetJava.featureOf("IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\n"));
        assertEquals(17, TargetJava.featureOf("JAVA_VERSION=\"17.0.15\"\nMODULES=\"java.base\""));
        assertEquals(22, TargetJava.featureOf("JAVA_VERSION=\"22\""));
        assertEquals(8, TargetJava.featureOf("JAVA_VERSION=\"1.8.0_392\""));
        assertEquals(-1, TargetJava.featureOf("JAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\""));
    }

    private static Path fakeJdk(Path dir, String version) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Path java = Files.writeString(dir.resolve("bin/java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        return dir;
    }

    @Test
    void javaHomeWinsAndDecidesNativeAccess(@TempDir Path tmp) throws IOException {
        Path jdk25 = fakeJdk(tmp.resolve("jdk25"), "25.0.1");
        Path jdk17 = fakeJdk(tmp.resolve("jdk17"), "17.0.2");
        TargetJava t = TargetJava.resolve(Map.of("JAVA_HOME", jdk25.toString()), jdk17.toString());
        assertEquals(jdk25.resolve("bin/java"), t.executable());
        assertTrue(t.needsNativeAccessFlag());
        TargetJava current = TargetJava.resolve(Map.of(), jdk17.toString());
        assertEquals(17, current.featureVersion());
        assertFalse(current.needsNativeAccessFlag());
    }

    @Test
    void javaHomeWithoutJavaFallsBackToTheCurrentJava(@TempDir Path tmp) throws IOException {
        Path jdk22 = fakeJdk(tmp.resolve("jdk22"), "22");
        TargetJava t = TargetJava.resolve(Map.of("JAVA_HOME", tmp.resolve("nothing-here").toString()), jdk22.toString());
        assertEquals(jdk22, t.home());
        assertTrue(t.needsNativeAccessFlag());
    }
}
