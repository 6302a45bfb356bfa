package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the agent's premain costs the application before its main, in classes: the agent starts no lambda of its own
 * and spins no method-handle form the JVM would not spin anyway. The first lambda or regex character class in a JVM
 * costs it its method-handle machinery (about 40 classes, 3 ms), and each lambda is a class generated at run time;
 * premain once had ten of them (flag validators, the thread inventory's clock, the Awareness Thread's runnables, the
 * agent arguments split by a regex).
 */
class PremainClassesIT {
    private static final String MAIN = Hello.class.getName();

    /** The classes loaded before the application's main class, one -Xlog:class+load line each. */
    private static List<String> loadedBeforeMain(boolean withAgent) throws IOException {
        return loadedBeforeMain(withAgent, System.getProperty("java.class.path"));
    }

    private static List<String> loadedBeforeMain(boolean withAgent, String classPath) throws IOException {
        ChildJvm child = ChildJvm.current().options("-Xlog:class+load=info").timeout(Duration.ofMinutes(2));
        if (withAgent) {
            child.agent(Path.of(System.getProperty("numa.agent.jar")), List.of("-XX:+NUMAOpts", "-XX:NUMATopology=2"));
        }
        ChildRun run = child.launch(List.of("-cp", classPath, MAIN)).run();
        assertEquals(0, run.exitCode(), run.stderr());
        List<String> lines = run.stdout().lines().toList();
        int main = -1;
        for (int i = 0; i < lines.size() && main < 0; i++) {
            if (lines.get(i).contains(" " + MAIN + " ")) {
                main = i;
            }
        }
        assertTrue(main > 0, "the main class was loaded:\n" + run.stdout());
        assertTrue(run.stdout().contains("hello from main"), run.stdout());
        return lines.subList(0, main);
    }

    private static long count(List<String> lines, String part) {
        return lines.stream().filter(l -> l.contains(part)).count();
    }

    @Test
    void premainSpinsNoLambdaAndCompilesNoRegexCharacterClass() throws IOException {
        List<String> plain = loadedBeforeMain(false);
        List<String> agent = loadedBeforeMain(true);
        assertTrue(agent.stream().anyMatch(l -> l.contains("com.numa.opt.AwarenessThread ")),
                "the optimizer started in premain");
        List<String> ours = agent.stream().filter(l -> l.contains("com.numa.") && l.contains("$$Lambda")).toList();
        assertEquals(List.of(), ours, "lambdas or method references of ours run in premain");
        assertEquals(count(plain, "java.util.regex.CharPredicates"), count(agent, "java.util.regex.CharPredicates"),
                "a regex with a character class (\\s, \\d) compiled in premain");
        if (Runtime.version().feature() < 18) {
            // from JDK 18 on, core reflection (ServiceLoader's newInstance) spins method-handle forms by itself
            assertEquals(count(plain, "LambdaForm$MH/"), count(agent, "LambdaForm$MH/"),
                    "method-handle forms spun before main:\n"
                            + String.join("\n", agent.stream().filter(l -> l.contains("LambdaForm$MH/")).toList()));
        }
    }

    /**
     * As {@code bin/numa vm} runs it (the agent's classes from its jar, not from the build's class directories):
     * premain reads the product's features from the jar, without ServiceLoader's search of every JDK module and
     * class-path entry and its JarURLConnection (~4 ms and ~100 classes before main).
     */
    @Test
    void premainReadsTheFeaturesFromItsJarWithoutAClassPathSearch() throws Exception {
        String hello = Path.of(Hello.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> plain = loadedBeforeMain(false, hello);
        List<String> agent = loadedBeforeMain(true, hello);
        assertTrue(agent.stream().anyMatch(l -> l.contains("com.numa.vm.NumaAgent ") && l.contains(".jar")),
                "the agent's classes come from its jar:\n" + String.join("\n", agent));
        assertTrue(agent.stream().anyMatch(l -> l.contains("com.numa.opt.AwarenessThread ")),
                "the optimizer started in premain");
        for (String searched : List.of("java.util.ServiceLoader$LazyClassPathLookupIterator ",
                "sun.net.www.protocol.jar.JarURLConnection ")) {
            assertEquals(count(plain, searched), count(agent, searched), searched + "loaded in premain");
        }
    }

    /** The child's application. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello from main");
        }
    }
}
