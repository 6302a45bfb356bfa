package com.numa.characterize.builtin;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.Suite;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in suite ({@code --suite builtin}): seven small workloads, one per category of the ISMM'23
 * characterization (Figures 2 and 3), each with the categories it is built to fall into, so a characterization run
 * can be checked against a known answer before it is trusted on DaCapo or Renaissance.
 *
 * <table>
 * <caption>Workloads and their ground truth</caption>
 * <tr><th>name</th><th>parallelism</th><th>data dependency</th><th>after</th></tr>
 * <tr><td>serial-walk</td><td>Single-Threaded</td><td>Data Parallel</td><td></td></tr>
 * <tr><td>half-cores-walk</td><td>TLP-Bound</td><td>Data Parallel</td><td></td></tr>
 * <tr><td>dominant-worker</td><td>Embarrassingly Imbalanced</td><td>Data Parallel</td><td></td></tr>
 * <tr><td>uneven-kmeans</td><td>Imbalanced</td><td>Read-Only</td><td>fj-kmeans</td></tr>
 * <tr><td>parallel-walk</td><td>Explicitly Parallel</td><td>Data Parallel</td><td></td></tr>
 * <tr><td>shared-dictionary</td><td>Explicitly Parallel</td><td>Read-Only</td><td>scrabble</td></tr>
 * <tr><td>dining-philosophers</td><td>Explicitly Parallel</td><td>Read &amp; Write</td><td>philosophers</td></tr>
 * </table>
 *
 * <p>Each is a main class ({@code java -cp <agent jar> com.numa.characterize.builtin.<Class>
 * threads=N size=small|default|large warmup=W iterations=I}) that marks its iterations with
 * {@link com.numa.core.window.MeasurementWindow} and prints one line, {@code checksum=<hex>}.
 */
public final class BuiltinSuite implements Suite {

    @Override
    public String name() {
        return "builtin";
    }

    @Override
    public List<Benchmark> benchmarks(RunOptions options) {
        List<String> known = new ArrayList<>();
        for (BuiltinWorkload w : BuiltinWorkload.values()) {
            known.add(w.benchmarkName());
        }
        options.checkOnly(known, "built-in benchmark", "built-in suite");
        List<Benchmark> out = new ArrayList<>();
        for (BuiltinWorkload w : BuiltinWorkload.values()) {
            if (options.wants(w.benchmarkName())) {
                out.add(new BuiltinBenchmark(w));
            }
        }
        return List.copyOf(out);
    }
}
