package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/numa vm <flags> -cp <test classes> <main> <args>} with the packaged agent (run with mvn verify), as users
 * run it; stdout and stderr go to files in {@code dir}.
 */
record NumaVm(int exitCode, String out, String err) {

    static NumaVm run(Path dir, List<String> flags, Class<?> main, String... args) throws Exception {
        Path agentJar = Path.of(System.getProperty("numa.agent.jar"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        Path numa = Path.of(System.getProperty("numa.home"), "bin", "numa");
        String classes = Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> command = new ArrayList<>(List.of(numa.toString(), "vm"));
        command.addAll(flags);
        command.addAll(List.of("-cp", classes, main.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("NUMA_AGENT_JAR", agentJar.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out");
        return new NumaVm(p.exitValue(), Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")));
    }
}
