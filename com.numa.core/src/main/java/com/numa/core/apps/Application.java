package com.numa.core.apps;

import java.util.Optional;

/**
 * One real application of the registry: a program from Maven Central and the driver of ours that runs it through its
 * own entry points on generated input.
 *
 * @param name             the benchmark name ({@code --bench}, tables, corpus test cases)
 * @param program          the directory under the apps directory whose {@code lib/} holds the program's jars
 * @param driverClass      our main class in the drivers jar; it takes {@code threads= size= warmup= iterations=},
 *                         marks each iteration and prints {@code checksum=<hex>}
 * @param paperCounterpart the DaCapo or Renaissance benchmark of the ISMM'23 study it stands for ("" for none)
 * @param runs             what one iteration does, for the README and the report
 * @param module           the build module that resolves the program and holds the driver ({@code apps}, or
 *                         {@code spark}, which alone carries Spark's dependencies)
 */
public record Application(String name, String program, String driverClass, String paperCounterpart, String runs,
        String module) {

    /** The module of most programs. */
    public static final String APPS_MODULE = "apps";

    /** An application built by module {@code apps}. */
    public Application(String name, String program, String driverClass, String paperCounterpart, String runs) {
        this(name, program, driverClass, paperCounterpart, runs, APPS_MODULE);
    }

    /** The counterpart, when there is one. */
    public Optional<String> counterpart() {
        return paperCounterpart.isEmpty() ? Optional.empty() : Optional.of(paperCounterpart);
    }
}
