package com.numa.characterize.suite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Any java application, given as the arguments {@code numa vm} takes after its flags ({@code -cp app.jar Main args},
 * {@code -jar app.jar}, ...). {@code {threads}} in them is replaced by the thread count. It marks no iterations: its
 * window is its whole run, or the spans between two of its methods ({@code --start-at/--stop-at}, {@link MethodSpan}).
 */
public final class SingleApplication implements Suite, Benchmark {
    /** The placeholder replaced by {@code --threads}. */
    public static final String THREADS = "{threads}";

    private final String name;
    private final List<String> javaArguments;
    private final MethodSpan window;

    public SingleApplication(String name, List<String> javaArguments) {
        this(name, javaArguments, null);
    }

    /** {@code window}: the methods it is measured between, or null for its whole run. */
    public SingleApplication(String name, List<String> javaArguments, MethodSpan window) {
        if (javaArguments.isEmpty()) {
            throw new IllegalArgumentException("no application given: put the java arguments after '--', e.g. "
                    + "numa characterize -- -cp app.jar com.example.Main {threads}");
        }
        this.name = name;
        this.javaArguments = List.copyOf(javaArguments);
        this.window = window;
    }

    /** The name when the user gave none: the main class, the jar's file name, or the module. */
    public static String defaultName(List<String> javaArguments) {
        for (int i = 0; i < javaArguments.size(); i++) {
            String a = javaArguments.get(i);
            if ((a.equals("-jar") || a.equals("-m") || a.equals("--module")) && i + 1 < javaArguments.size()) {
                return Path.of(javaArguments.get(i + 1)).getFileName().toString().replaceFirst("\\.jar$", "");
            }
            if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
                i++;
            } else if (!a.startsWith("-")) {
                String simple = a.substring(a.lastIndexOf('.') + 1);
                return simple.isEmpty() ? a : simple;
            }
        }
        return "application";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Benchmark> benchmarks(RunOptions options) {
        return List.of(this);
    }

    @Override
    public List<String> javaArguments(RunOptions options, Path agentJar) {
        List<String> out = new ArrayList<>();
        for (String a : javaArguments) {
            out.add(a.replace(THREADS, Integer.toString(options.threads())));
        }
        return SparkJvm.withModuleOptions(out);
    }

    @Override
    public boolean marksIterations() {
        return false;
    }

    @Override
    public Optional<MethodSpan> methodWindow() {
        return Optional.ofNullable(window);
    }
}
