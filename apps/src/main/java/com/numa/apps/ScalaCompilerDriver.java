package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import dotty.tools.dotc.reporting.Reporter;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * dotty: the Scala 3 compiler ({@code dotty.tools.dotc.Main}, the compiler's own command line) compiles generated
 * Scala sources ({@link ScalaSources}) into a fresh output directory each iteration, as Renaissance's dotty does. The
 * compiler runs on the calling thread (dotty is single-threaded in the study; {@code threads} is accepted and unused).
 * The class path given to the compiler is the Scala 3 and Scala 2.13 standard libraries found on our own class path.
 * The checksum is the names and sizes of the class and TASTy files written, which the same input always gives.
 */
public final class ScalaCompilerDriver implements Workload {
    static final String NAME = "dotty";
    private static final int FILES = 1;

    private final Scratch scratch = new Scratch(NAME);
    private final List<String> sources = new ArrayList<>();
    private final Path sourceRoot;
    private final String libraries;

    ScalaCompilerDriver(WorkloadArguments arguments) {
        Path dir = scratch.fresh("src");
        sourceRoot = dir;
        ScalaSources generator = new ScalaSources(11);
        try {
            for (int i = 0; i < FILES * arguments.size().scale(); i++) {
                Path file = dir.resolve(String.format("Generated%04d.scala", i));
                Files.writeString(file, generator.compilationUnit(i), StandardCharsets.UTF_8);
                sources.add(file.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // scala.Predef is in scala-library (2.13), scala.CanEqual in scala3-library_3
        libraries = jarOf(scala.Predef.class) + File.pathSeparator + jarOf(scala.CanEqual.class);
    }

    private static String jarOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, ScalaCompilerDriver::new);
    }

    @Override
    public long iteration() {
        Path out = scratch.fresh("classes");
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-classpath", libraries, "-color:never",
                // TASTy files record source paths relative to this, so their sizes do not depend on the scratch path
                "-sourceroot", sourceRoot.toString()));
        args.addAll(sources);
        Reporter reporter = dotty.tools.dotc.Main.process(args.toArray(String[]::new));
        if (reporter.hasErrors()) {
            throw new IllegalStateException("the Scala compiler reported " + reporter.errorCount() + " error(s)");
        }
        try (Stream<Path> files = Files.walk(out)) {
            List<String> written = files.filter(Files::isRegularFile)
                    .map(f -> out.relativize(f) + ":" + f.toFile().length()).sorted().toList();
            if (written.isEmpty()) {
                throw new IllegalStateException("the Scala compiler wrote nothing");
            }
            return written.size() * 1_000_003L + written.hashCode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        scratch.close();
    }
}
