package com.numa.vm;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import com.numa.characterize.CharacterizeCommand;
import com.numa.characterize.DiffCommand;
import com.numa.characterize.MergeCommand;
import com.numa.diagnose.DiagnoseCommand;
import com.numa.gc.GcReplayCommand;
import com.numa.speedup.SpeedupStackCommand;
import com.numa.vm.doctor.DoctorCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of numa-jvm ({@code bin/numa ...}, {@code java -jar numa-agent.jar ...}, {@code mx vm ...}): a picocli
 * application whose subcommands are the product's tools. {@code numa --help} lists them; each has {@code --help}; a
 * bad option is one line on stderr and exit {@value #USAGE_ERROR}. The {@code -XX:} flags are not picocli's: they are
 * the feature registry's, parsed by {@link VmCommand}.
 */
@Command(name = "numa", mixinStandardHelpOptions = true, versionProvider = Launcher.Version.class,
        description = "NUMA performance toolkit for the HotSpot JVM.%n",
        footer = {"%nnuma vm -XX:+PrintNUMAFlags lists every -XX: flag; numa <command> --help explains a command."})
public final class Launcher implements Runnable {

    /** Exit code for usage errors and bad NUMA flags (HotSpot uses 1 for its own bad options). */
    public static final int USAGE_ERROR = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err, System.getenv()));
    }

    /** Runs one command line; returns the exit code. {@code env} is where JAVA_HOME is looked up. */
    static int run(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        CommandLine cli = commandLine(out, err, env);
        if (args.isEmpty()) {
            cli.usage(cli.getErr());
            cli.getErr().flush();
            return USAGE_ERROR;
        }
        return cli.execute(args.toArray(String[]::new));
    }

    /** The command tree: one line per tool. */
    static CommandLine commandLine(PrintStream out, PrintStream err, Map<String, String> env) {
        CommandLine cli = new CommandLine(new Launcher())
                .addSubcommand(new VmCommand(env))
                .addSubcommand(new AttachCommand())
                .addSubcommand(new FlagsCommand())
                .addSubcommand(new ClassPathCommand())
                .addSubcommand(new CharacterizeCommand(env))
                .addSubcommand(new MergeCommand())
                .addSubcommand(new SpeedupStackCommand())
                .addSubcommand(new DiagnoseCommand(env, new FrontDoorLaunch()))
                .addSubcommand(new DiffCommand())
                .addSubcommand(new GcReplayCommand())
                .addSubcommand(new DoctorCommand(env));
        cli.getSubcommands().get("vm").setStopAtUnmatched(true).setUnmatchedArgumentsAllowed(true);
        cli.getSubcommands().get("attach").setUnmatchedOptionsArePositionalParams(true); // -XX: flags are parameters
        cli.getSubcommands().get("diagnose").setUnmatchedOptionsArePositionalParams(true);
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        HelpLayout.keepFlagsWhole(cli);
        cli.setParameterExceptionHandler(Launcher::badUsage);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("numa: " + line.getCommandName() + " failed: " + e);
            return 1;
        });
        return cli;
    }

    /** One line naming the problem and where the help is, then exit 2: no wall of usage text. */
    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        CommandLine line = e.getCommandLine();
        String command = line.getCommandSpec().qualifiedName(" ");
        if (e instanceof CommandLine.UnmatchedArgumentException u && line.getParent() == null
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
            line.getErr().println("numa: unknown command '" + u.getUnmatched().get(0) + "'; the commands are "
                    + String.join(", ", line.getSubcommands().keySet()) + " (see 'numa --help')");
            return USAGE_ERROR;
        }
        line.getErr().println("numa: " + e.getMessage() + " (see '" + command + " --help')");
        return USAGE_ERROR;
    }

    /** {@code numa} alone: the list of commands, on stderr, exit 2. */
    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Launcher.class.getPackage().getImplementationVersion();
            return new String[] {"numa-jvm " + (v != null ? v : "(development build)") + " on java "
                    + System.getProperty("java.version")};
        }
    }
}
