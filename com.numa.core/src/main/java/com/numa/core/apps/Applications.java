package com.numa.core.apps;

import java.util.List;
import java.util.Optional;

/**
 * The registry of real applications: the one list that {@code numa characterize --suite apps} and the corpus tests
 * (module {@code apps}) both run. The programs and the drivers are built by module {@code apps} into the apps directory
 * ({@link AppsDirectory}); this list only names them (driver classes by name, and the module that builds each), so
 * nothing here depends on those modules: characterize, bench and the modules' own tests read the one list.
 *
 * <p>Every driver marks its iterations (it runs through {@code com.numa.core.workload.IterationHarness}), so the
 * measurement window is the measured iterations, as for the built-in workloads.
 */
public final class Applications {
    /** The jar of our drivers, in the apps directory (shared by every program). */
    public static final String DRIVERS_JAR = "drivers.jar";

    private static final String DRIVERS = "com.numa.apps.";

    /** The Spark drivers' package; their jar (spark-drivers.jar) sits among Spark's in the spark program's lib. */
    private static final String SPARK_DRIVERS = "com.numa.spark.";

    /** Module {@code spark} resolves Spark (and its drivers) into the program directory {@value}. */
    public static final String SPARK = "spark";

    private static final List<Application> ALL = List.of(
            new Application("luindex", "lucene", DRIVERS + "LuceneIndexDriver", "luindex",
                    "Lucene 9 indexes generated text files into a new index on disk (one writer thread, as luindex)"),
            new Application("lusearch", "lucene", DRIVERS + "LuceneSearchDriver", "lusearch",
                    "Lucene 9 answers generated term, boolean and phrase queries over a generated index from N threads"),
            new Application("h2", "h2", DRIVERS + "H2Driver", "h2",
                    "H2 2.3 in memory: N connections run order-entry SQL transactions on their own districts"),
            new Application("pmd", "pmd", DRIVERS + "PmdDriver", "pmd",
                    "PMD 7 CLI: pmd check -t N with the Java quickstart rules over generated Java sources"),
            new Application("xalan", "xalan", DRIVERS + "XalanDriver", "xalan",
                    "Xalan-J 2.7 (interpretive processor) transforms generated XML documents with one stylesheet in N threads"),
            new Application("future-genetic", "jenetics", DRIVERS + "JeneticsDriver", "future-genetic",
                    "Jenetics 7 evolves polynomial coefficients to fit generated points, fitness evaluated on N threads"),
            new Application("rx-scrabble", "rxjava", DRIVERS + "RxScrabbleDriver", "rx-scrabble",
                    "RxJava 3 parallel flowable scores a generated dictionary against Scrabble letter limits on N threads"),
            new Application("jython", "jython", DRIVERS + "JythonDriver", "jython",
                    "Jython 2.7 interprets a generated Python program whose N threading.Threads build and merge dictionaries"),
            new Application("dotty", "scala3", DRIVERS + "ScalaCompilerDriver", "dotty",
                    "The Scala 3 compiler (dotc) compiles generated Scala sources into a new output directory, one thread"),
            new Application("als", SPARK, SPARK_DRIVERS + "AlsDriver", "als",
                    "Spark MLlib ALS factorises generated user-item ratings (rank 4, 5 iterations) in local[N]", SPARK),
            new Application("log-regression", SPARK, SPARK_DRIVERS + "LogRegressionDriver", "log-regression",
                    "Spark MLlib logistic regression (L-BFGS, 20 iterations) fits generated labelled points in local[N]",
                    SPARK),
            new Application("naive-bayes", SPARK, SPARK_DRIVERS + "NaiveBayesDriver", "naive-bayes",
                    "Spark MLlib multinomial naive Bayes learns and re-classifies generated word counts in local[N]",
                    SPARK),
            new Application("gauss-mix", SPARK, SPARK_DRIVERS + "GaussMixDriver", "gauss-mix",
                    "Spark MLlib Gaussian mixture (EM, 15 iterations) clusters generated points in local[N]", SPARK),
            new Application("page-rank", SPARK, SPARK_DRIVERS + "PageRankDriver", "page-rank",
                    "Spark pair RDDs run 10 PageRank iterations over a generated skewed graph in local[N]", SPARK));

    private Applications() {
    }

    /** Every application, in report order. */
    public static List<Application> all() {
        return ALL;
    }

    /** The applications built by {@code module} (its tests check and run those). */
    public static List<Application> builtBy(String module) {
        return ALL.stream().filter(a -> a.module().equals(module)).toList();
    }

    /** The application called {@code name}. */
    public static Optional<Application> named(String name) {
        return ALL.stream().filter(a -> a.name().equals(name)).findFirst();
    }
}
