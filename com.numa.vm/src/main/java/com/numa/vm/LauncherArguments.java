package com.numa.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Splits a {@code numa vm} command line the way java reads it: java options come first, then the launch target
 * ({@code MainClass}, {@code -jar app.jar}, {@code -m module[/class]} or a source file) and the application's
 * arguments. NUMA flags are taken out of the java options only; the target and everything after it pass untouched,
 * even when they look like {@code -XX:} flags, because they belong to the application.
 *
 * @param numaFlags   the NUMA-family {@code -XX:} arguments, in order
 * @param javaOptions the remaining java options, in order
 * @param launch      the launch target and the application arguments (empty for e.g. {@code numa vm -version})
 */
public record LauncherArguments(List<String> numaFlags, List<String> javaOptions, List<String> launch) {

    /** java options whose value is the next argument (java's "-cp x" form; the "--opt=x" form is one token). */
    static final Set<String> TAKES_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads", "--add-exports", "--add-opens",
            "--patch-module", "--enable-native-access", "--source", "--describe-module", "-d",
            "--illegal-native-access", "--sun-misc-unsafe-memory-access");

    /** Options after which the next argument is the launch target: everything that follows is the application's. */
    private static final Set<String> TARGET_FOLLOWS = Set.of("-jar", "-m", "--module");

    public LauncherArguments {
        numaFlags = List.copyOf(numaFlags);
        javaOptions = List.copyOf(javaOptions);
        launch = List.copyOf(launch);
    }

    /** Splits {@code args} (the arguments after {@code vm}); {@code isNumaFlag} decides which -XX: options are ours. */
    public static LauncherArguments split(List<String> args, Predicate<String> isNumaFlag) {
        List<String> numa = new ArrayList<>();
        List<String> java = new ArrayList<>();
        int i = 0;
        while (i < args.size()) {
            String a = args.get(i);
            if (TARGET_FOLLOWS.contains(a)) {
                break;
            }
            if (!a.startsWith("-")) {
                break; // the main class or source file
            }
            if (a.startsWith("--module=")) {
                break;
            }
            if (isNumaFlag.test(a)) {
                numa.add(a);
            } else {
                java.add(a);
                if (TAKES_VALUE.contains(a) && i + 1 < args.size()) {
                    java.add(args.get(++i));
                }
            }
            i++;
        }
        return new LauncherArguments(numa, java, args.subList(i, args.size()));
    }
}
