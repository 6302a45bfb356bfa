package com.numa.vm;

import com.numa.core.child.AgentJar;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code numa classpath}: the path of a jar holding numa-jvm's classes for a {@code -cp}, for running by hand what calls
 * numa-jvm from the application's side (the built-in programs, the apps' and Spark's drivers, a harness callback). The
 * agent never needs it: it keeps its classes to itself (com.numa.boot).
 */
@Command(name = "classpath", mixinStandardHelpOptions = true,
        description = {"Print the path of a jar that holds numa-jvm's classes, for the class path of a program that calls "
                + "them (the built-in programs, the apps' drivers, the DaCapo callback): the agent jar keeps its classes "
                + "where no application can load them.",
            "",
            "  java -cp \"apps/target/apps/spark/lib/*:$(bin/numa classpath)\" com.numa.spark.AlsDriver threads=2"})
final class ClassPathCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        try {
            Path jar = AgentJar.plainClasses(AgentJar.packaged(ClassPathCommand.class));
            spec.commandLine().getOut().println(jar);
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException | IllegalStateException e) {
            spec.commandLine().getErr().println("numa: classpath: " + e.getMessage());
            return 1;
        }
    }
}
