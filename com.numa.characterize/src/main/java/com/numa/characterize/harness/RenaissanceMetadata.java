package com.numa.characterize.harness;

import java.io.IOException;
import java.io.StringReader;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What we need of Renaissance's {@code benchmarks.properties} (the metadata its harness lists benchmarks from): per
 * benchmark, its groups and, per configuration, its parameter names ({@code benchmark.<name>.configuration.<conf>.
 * <parameter>}). Renaissance applies {@code -o name=value} only to benchmarks that declare the parameter, so the
 * suite asks here before passing one.
 */
final class RenaissanceMetadata {
    /** Renaissance's own test benchmarks, not part of the suite proper (its "all" leaves them out too). */
    private static final String DUMMY_GROUP = "dummy";

    /** One benchmark's metadata. */
    record Entry(String name, List<String> groups, SortedMap<String, Set<String>> parametersByConfiguration) {
        Entry {
            groups = List.copyOf(groups);
            parametersByConfiguration = Collections.unmodifiableSortedMap(new TreeMap<>(parametersByConfiguration));
        }

        boolean hasConfiguration(String configuration) {
            return parametersByConfiguration.containsKey(configuration);
        }

        boolean hasParameter(String configuration, String parameter) {
            return parametersByConfiguration.getOrDefault(configuration, Set.of()).contains(parameter);
        }
    }

    private final SortedMap<String, Entry> benchmarks;

    private RenaissanceMetadata(SortedMap<String, Entry> benchmarks) {
        this.benchmarks = benchmarks;
    }

    /** Parses the properties text; {@code where} names the file in an error. */
    static RenaissanceMetadata parse(String text, String where) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": not a properties file: " + e.getMessage(), e);
        }
        SortedMap<String, Entry> entries = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("benchmark.") && key.endsWith(".name")) {
                String name = p.getProperty(key).trim();
                entries.put(name, entry(p, name));
            }
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException(where + ": lists no benchmark (no benchmark.<name>.name keys)");
        }
        return new RenaissanceMetadata(entries);
    }

    private static Entry entry(Properties p, String name) {
        String prefix = "benchmark." + name + ".";
        String configurationPrefix = prefix + "configuration.";
        List<String> groups = List.of(p.getProperty(prefix + "groups", "").split("\\s*,\\s*"));
        SortedMap<String, Set<String>> parameters = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(configurationPrefix)) {
                String rest = key.substring(configurationPrefix.length());
                int dot = rest.indexOf('.');
                if (dot > 0) {
                    parameters.computeIfAbsent(rest.substring(0, dot), c -> new TreeSet<>()).add(rest.substring(dot + 1));
                }
            }
        }
        return new Entry(name, groups, parameters);
    }

    /** The suite's benchmarks in name order, without Renaissance's dummy test benchmarks. */
    SortedMap<String, Entry> benchmarks() {
        SortedMap<String, Entry> real = new TreeMap<>(benchmarks);
        real.values().removeIf(e -> e.groups().contains(DUMMY_GROUP));
        return Collections.unmodifiableSortedMap(real);
    }
}
