package org.dacapo.harness;

/**
 * numa-jvm's compile-time stand-in for DaCapo 23.11-chopin's iteration callback: only the constructor and the public
 * methods our callback overrides or calls, with the same signatures. At run time the DaCapo jar's own class is used
 * (this module is a {@code provided} dependency and never shaded into the agent jar).
 *
 * <p>The behaviour here is just enough for our tests' fake harness: the first {@code -n - 1} iterations are warm-ups
 * and the harness runs again until the last one has run, as in DaCapo's plain iterate mode.
 */
public class Callback {
    private final CommandLineArgs args;
    private int iterationsDone;

    /** Called by the harness, which looks the subclass's constructor up by this one parameter type. */
    public Callback(CommandLineArgs args) {
        this.args = args;
    }

    /** True when the harness should run another iteration; moves on to the next one. */
    public boolean runAgain() {
        if (!isWarmup()) {
            return false;
        }
        iterationsDone++;
        return true;
    }

    /** True while the current iteration is one DaCapo itself does not time. */
    public boolean isWarmup() {
        return iterationsDone < args.getIterations() - 1;
    }

    /** An iteration of {@code benchmark} is about to start. */
    public void start(String benchmark) {
    }

    /** The iteration's work ended after {@code duration} milliseconds (before validation). */
    public void stop(long duration) {
    }

    /** The iteration was validated: {@code valid} is the harness's verdict. */
    public void complete(String benchmark, boolean valid) {
    }
}
