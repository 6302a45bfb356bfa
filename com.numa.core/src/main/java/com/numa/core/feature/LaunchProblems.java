package com.numa.core.feature;

import java.util.ArrayList;
import java.util.List;

/**
 * What the launcher found before starting the JVM: errors stop the launch (exit 2, one line each, the application
 * does not start), warnings are printed and the run goes on (the feature has a documented fallback).
 */
public final class LaunchProblems {
    private final List<String> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    /** Something that would turn a feature off or lose its output: the launch stops. */
    public void error(String message) {
        errors.add(message);
    }

    /** Something the feature works around (a fallback): the launch goes on. */
    public void warning(String message) {
        warnings.add(message);
    }

    public List<String> errors() {
        return List.copyOf(errors);
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
