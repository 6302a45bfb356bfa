package com.numa.characterize;

import com.numa.characterize.apps.AppsSuite;
import com.numa.characterize.builtin.BuiltinSuite;
import com.numa.characterize.harness.DacapoSuite;
import com.numa.characterize.harness.RenaissanceSuite;
import com.numa.characterize.suite.Suite;
import com.numa.characterize.validation.ValidationSuite;
import com.numa.core.child.TargetJava;
import java.nio.file.Path;

/**
 * {@code --suite builtin|apps|validation|dacapo:<jar>|renaissance:<jar>}: the suite a name stands for, or one clear error.
 * Above the suites' packages, which each depend on package suite (what a suite is), because it knows them all.
 */
public final class Suites {
    /** The forms of {@code --suite}, quoted in errors. */
    public static final String FORMS = "builtin, apps, validation, dacapo:<path to the DaCapo jar>, renaissance:<path to the Renaissance jar>";

    private Suites() {
    }

    /** The suite for the java running this code on its available processors. */
    public static Suite of(String spec) {
        return of(spec, TargetJava.current().featureVersion(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * The suite for the target Java's feature version on the machine's usable CPUs (a suite's ground truth may depend on
     * them). Throws IllegalArgumentException naming the problem and the valid forms (a missing or wrong jar included).
     */
    public static Suite of(String spec, int javaFeature, int cpus) {
        String s = spec.strip();
        if (s.equals("builtin")) {
            return new BuiltinSuite();
        }
        if (s.equals("apps")) {
            return new AppsSuite(javaFeature);
        }
        if (s.equals("validation")) {
            return new ValidationSuite(javaFeature, cpus);
        }
        int colon = s.indexOf(':');
        String kind = colon < 0 ? s : s.substring(0, colon);
        String jar = colon < 0 ? "" : s.substring(colon + 1);
        switch (kind) {
            case "dacapo":
            case "renaissance":
                if (jar.isBlank()) {
                    throw new IllegalArgumentException("--suite " + kind + " needs the jar: --suite " + kind
                            + ":<path to the jar you downloaded> (it is not on Maven Central)");
                }
                return kind.equals("dacapo") ? new DacapoSuite(Path.of(jar)) : new RenaissanceSuite(Path.of(jar));
            default:
                throw new IllegalArgumentException("unknown suite '" + spec + "': use " + FORMS);
        }
    }
}
