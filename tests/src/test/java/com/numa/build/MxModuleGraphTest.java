package com.numa.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The mx build without mx (no registry CI reaches serves it): mx compiles each project of {@code mx.numa/suite.py} with
 * {@code --limit-modules java.base,<its "requires">}, so a project whose classes use a JDK module outside that graph
 * builds with Maven and fails with {@code mx --suite numa build} ("package java.awt is not visible"). jdeps, run over
 * the classes Maven compiled from the same sources, lists the JDK modules each project uses; each must be in the
 * graph its entry declares.
 */
class MxModuleGraphTest {
    /** A project of suite.py: where its sources are and the JDK modules it declares. */
    record MxProject(String name, String dir, List<String> sourceDirs, List<String> requires) {
        /** Where Maven compiles these sources. */
        Path classes(Path root) {
            return root.resolve(dir).resolve("target").resolve(sourceDirs.contains("src/test/java") ? "test-classes" : "classes");
        }
    }

    private static final Pattern ENTRY = Pattern.compile("^ {8}\"([\\w.]+)\": \\{$(.*?)^ {8}\\},?$", Pattern.MULTILINE | Pattern.DOTALL);

    /** The projects of suite.py (read as text: it is a Python literal with one entry per 8-space-indented key). */
    static List<MxProject> projects(String suite) {
        int start = suite.indexOf("\"projects\": {");
        int end = suite.indexOf("\"distributions\": {");
        assertTrue(start > 0 && end > start, "suite.py has no projects section before its distributions");
        List<MxProject> out = new ArrayList<>();
        Matcher m = ENTRY.matcher(suite.substring(start, end));
        while (m.find()) {
            String body = m.group(2);
            out.add(new MxProject(m.group(1), string(body, "dir"), list(body, "sourceDirs"), list(body, "requires")));
        }
        return out;
    }

    private static String string(String body, String key) {
        Matcher m = Pattern.compile("\"" + key + "\": \"([^\"]*)\"").matcher(body);
        assertTrue(m.find(), "no \"" + key + "\" in " + body);
        return m.group(1);
    }

    private static List<String> list(String body, String key) {
        Matcher m = Pattern.compile("\"" + key + "\": \\[([^\\]]*)\\]", Pattern.DOTALL).matcher(body);
        if (!m.find()) {
            return List.of();
        }
        List<String> items = new ArrayList<>();
        Matcher item = Pattern.compile("\"([^\"]+)\"").matcher(m.group(1));
        while (item.find()) {
            items.add(item.group(1));
        }
        return items;
    }

    /** The modules {@code --limit-modules java.base,<requires>} leaves observable: the roots and all they require. */
    static Set<String> moduleGraph(List<String> requires) {
        Map<String, ModuleDescriptor> system = new LinkedHashMap<>();
        for (ModuleReference r : ModuleFinder.ofSystem().findAll()) {
            system.put(r.descriptor().name(), r.descriptor());
        }
        Set<String> graph = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(requires);
        todo.add("java.base");
        while (!todo.isEmpty()) {
            String name = todo.pop();
            ModuleDescriptor d = system.get(name);
            if (d == null || !graph.add(name)) {
                continue;
            }
            for (ModuleDescriptor.Requires r : d.requires()) {
                if (!r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)) {
                    todo.add(r.name());
                }
            }
        }
        return graph;
    }

    /** The JDK modules the classes under {@code dir} use, as jdeps lists them. */
    static Set<String> jdkModulesUsed(Path dir) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("this JDK has no jdeps"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out, true), new PrintWriter(err, true), "--ignore-missing-deps",
                "--multi-release", Integer.toString(Runtime.version().feature()), "--list-deps", dir.toString());
        assertEquals(0, rc, "jdeps " + dir + ": " + out + err);
        Set<String> modules = new TreeSet<>();
        for (String line : out.toString().lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            if (line.startsWith("JDK removed internal API")) {
                continue;
            }
            int slash = line.indexOf('/'); // java.base/jdk.internal.misc: a concealed package of the module
            modules.add(slash < 0 ? line : line.substring(0, slash));
        }
        return modules;
    }

    @Test
    void everyProjectUsesOnlyTheJdkModulesItsSuiteEntryPutsInTheGraph() throws IOException {
        Path root = Path.of(System.getProperty("numa.home"));
        List<MxProject> projects = projects(Files.readString(root.resolve("mx.numa/suite.py")));
        assertTrue(projects.size() >= 10, "projects read from suite.py: " + projects);
        List<String> problems = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        for (MxProject p : projects) {
            Path classes = p.classes(root);
            if (!Files.isDirectory(classes)) {
                // this module does not depend on bench, so `-pl tests -am` leaves it unbuilt; every other project is
                // built before this module
                assertEquals("bench", p.dir(), "no classes for mx project " + p.name() + " at " + classes);
                continue;
            }
            checked.add(p.name());
            Set<String> graph = moduleGraph(p.requires());
            Set<String> outside = new TreeSet<>(jdkModulesUsed(classes));
            outside.removeAll(graph);
            if (!outside.isEmpty()) {
                problems.add(p.name() + " uses " + outside + ": add them to its \"requires\" in mx.numa/suite.py");
            }
        }
        assertTrue(checked.contains("com.numa.tests") && checked.contains("com.numa.vm"), "checked: " + checked);
        assertEquals(List.of(), problems);
    }

    /**
     * Every module's unit tests are an mx test project, and mx numa-junit runs every test project: a module whose tests
     * mx does not know is a module whose tests mx never builds nor runs.
     */
    @Test
    void everyModulesTestsAreATestProjectThatNumaJunitRuns() throws IOException {
        Path root = Path.of(System.getProperty("numa.home"));
        String suite = Files.readString(root.resolve("mx.numa/suite.py"));
        List<MxProject> projects = projects(suite);
        Set<String> testProjects = new TreeSet<>();
        Matcher entry = ENTRY.matcher(suite.substring(suite.indexOf("\"projects\": {"), suite.indexOf("\"distributions\": {")));
        while (entry.find()) {
            if (entry.group(2).contains("\"testProject\": True")) {
                testProjects.add(entry.group(1));
            }
        }
        List<String> missing = new ArrayList<>();
        try (var modules = Files.list(root)) {
            for (Path module : modules.filter(d -> d.getFileName().toString().startsWith("com.numa.")).sorted().toList()) {
                String dir = module.getFileName().toString();
                boolean known = projects.stream().anyMatch(p -> p.dir().equals(dir) && p.sourceDirs().contains("src/test/java")
                        && testProjects.contains(p.name()));
                if (Files.isDirectory(module.resolve("src/test/java")) && !known) {
                    missing.add(dir);
                }
            }
        }
        assertEquals(List.of(), missing, "modules with unit tests but no test project in mx.numa/suite.py");
        Matcher listed = Pattern.compile("test_projects = \\[([^\\]]*)\\]").matcher(Files.readString(root.resolve("mx.numa/mx_numa.py")));
        assertTrue(listed.find(), "mx_numa.py has no test_projects list");
        Set<String> run = new TreeSet<>(List.of(listed.group(1).replaceAll("[\\s']", "").split(",")));
        assertEquals(testProjects, run, "mx numa-junit's test_projects (mx.numa/mx_numa.py) against suite.py's test projects");
    }

    @Test
    void theGraphIsWhatLimitModulesLeaves() {
        Set<String> desktop = moduleGraph(List.of("java.desktop"));
        assertTrue(desktop.containsAll(Set.of("java.base", "java.desktop", "java.xml", "java.datatransfer")), desktop.toString());
        assertTrue(!desktop.contains("jdk.unsupported") && !desktop.contains("java.sql"), desktop.toString());
    }

    @Test
    void aMissingRequiresIsFound() throws IOException {
        // the FieldReachTest break: java.awt used, java.desktop not declared
        List<MxProject> p = projects("""
                    "projects": {
                        "demo": {
                            "dir": "demo",
                            "sourceDirs": ["src/test/java"],
                            "requires": ["java.instrument", "java.sql"],
                        },
                    },
                    "distributions": {
                """);
        assertEquals(List.of(new MxProject("demo", "demo", List.of("src/test/java"), List.of("java.instrument", "java.sql"))), p);
        String desktopClass = java.awt.Point.class.getName(); // this class uses java.desktop, as FieldReachTest does
        Set<String> used = jdkModulesUsed(Path.of(MxModuleGraphTest.class.getProtectionDomain().getCodeSource().getLocation().getPath(),
                "com", "numa", "build"));
        assertTrue(used.contains("java.desktop"), "jdeps sees the use of " + desktopClass + ": " + used);
        assertTrue(!moduleGraph(p.get(0).requires()).contains("java.desktop"));
    }
}
