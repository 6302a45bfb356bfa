package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LauncherArgumentsTest {

    private static LauncherArguments split(String... args) {
        return LauncherArguments.split(List.of(args), NumaFlags::claims);
    }

    @Test
    void numaFlagsAreTakenFromAnywhereAmongJavaOptions() {
        LauncherArguments a = split("-Xmx1g", "-XX:+PerfUtil", "-XX:+UseNUMA", "-cp", "a.jar:b.jar",
                "-XX:PerfUtilInterval=50", "com.example.Main");
        assertEquals(List.of("-XX:+PerfUtil", "-XX:PerfUtilInterval=50"), a.numaFlags());
        assertEquals(List.of("-Xmx1g", "-XX:+UseNUMA", "-cp", "a.jar:b.jar"), a.javaOptions());
        assertEquals(List.of("com.example.Main"), a.launch());
    }

    @Test
    void applicationArgumentsAfterTheMainClassPassUntouched() {
        LauncherArguments a = split("-XX:+PerfUtil", "Main", "-XX:+PerfUtil", "-XX:NUMATopology=bogus", "-cp", "x");
        assertEquals(List.of("-XX:+PerfUtil"), a.numaFlags());
        assertEquals(List.of(), a.javaOptions());
        assertEquals(List.of("Main", "-XX:+PerfUtil", "-XX:NUMATopology=bogus", "-cp", "x"), a.launch());
    }

    @Test
    void jarAndModuleTargetsEndTheJavaOptions() {
        LauncherArguments jar = split("-XX:+PerfUtil", "-jar", "app.jar", "-XX:+PerfUtil", "--verbose");
        assertEquals(List.of("-XX:+PerfUtil"), jar.numaFlags());
        assertEquals(List.of("-jar", "app.jar", "-XX:+PerfUtil", "--verbose"), jar.launch());
        LauncherArguments module = split("-p", "mods", "-m", "app/app.Main", "-XX:+PerfUtil");
        assertEquals(List.of("-p", "mods"), module.javaOptions());
        assertEquals(List.of("-m", "app/app.Main", "-XX:+PerfUtil"), module.launch());
        LauncherArguments moduleEq = split("--module=app/app.Main", "-XX:+PerfUtil");
        assertEquals(List.of(), moduleEq.numaFlags());
        assertEquals(List.of("--module=app/app.Main", "-XX:+PerfUtil"), moduleEq.launch());
    }

    @Test
    void optionValuesAreNotMistakenForTheMainClass() {
        LauncherArguments a = split("--add-opens", "java.base/java.lang=ALL-UNNAMED", "-classpath", "cp",
                "--module-path", "mp", "-XX:+PerfUtil", "Main", "arg");
        assertEquals(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED", "-classpath", "cp", "--module-path", "mp"),
                a.javaOptions());
        assertEquals(List.of("Main", "arg"), a.launch());
    }

    @Test
    void withoutATargetEverythingIsAJavaOption() {
        LauncherArguments a = split("-XX:+PrintNUMAFlags", "-version");
        assertEquals(List.of("-XX:+PrintNUMAFlags"), a.numaFlags());
        assertEquals(List.of("-version"), a.javaOptions());
        assertEquals(List.of(), a.launch());
    }
}
