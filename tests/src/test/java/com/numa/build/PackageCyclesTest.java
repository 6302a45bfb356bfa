package com.numa.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.IssuesFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;
import org.objectweb.asm.tree.ClassNode;

/**
 * The packages of every module's main code form no cycle, and other modules use only a module's public package (the
 * profiler's: {@code com.numa.profiler}, see its package-info). Read from the classes Maven compiled, for each module
 * of the root pom.xml under the build folder this module's classes are in: a class uses every class its constant pool
 * names (a constant that javac inlined included: it keeps the constant's class there) and every type its descriptors,
 * signatures and annotations name, as jdeps sees it.
 */
class PackageCyclesTest {
    /** A module's one public package, by module directory: other modules use no other of its packages. */
    private static final Map<String, String> PUBLIC_PACKAGES = Map.of("com.numa.profiler", "com.numa.profiler");

    /** A class of another module that may use a module's internal package, and why. */
    record AllowedUse(String classOrOuterClass, String usedPackage, String why) {
        boolean allows(String user, String used) {
            return (user.equals(classOrOuterClass) || user.startsWith(classOrOuterClass + "$"))
                    && packageOf(used).equals(usedPackage);
        }
    }

    private static final List<AllowedUse> ALLOWED = List.of(new AllowedUse(
            "com.numa.bench.profiler.SampledHookFloorBenchmark", "com.numa.profiler.rt",
            "it calls the hooks as the sampled-mode rewriting writes them into instrumented code, to measure the hooks"));

    /** What modules must be among those checked: the profiler and the modules that use it. */
    private static final Set<String> MUST_CHECK = Set.of("com.numa.profiler", "com.numa.diagnose",
            "com.numa.characterize", "com.numa.vm", "numa-junit");

    /** A compiled class of a module's main code (binary name) and the classes it uses (binary names, any module). */
    record CompiledClass(String name, String module, Set<String> uses) {
    }

    @Test
    void noModulesMainCodeHasAPackageCycle() {
        Map<String, CompiledClass> classes = mainClasses();
        Map<String, Set<String>> uses = new TreeMap<>();
        classes.values().forEach(c -> uses.put(c.name(), c.uses()));
        List<String> cycles = cycles(uses);
        assertTrue(cycles.isEmpty(), () -> cycles.size() + " package cycle(s) in main code: move the classes or constants "
                + "that one package needs of another to the lower of the two, or invert the use with a small interface "
                + "in the lower one.\n\n" + String.join("\n\n", cycles));
    }

    @Test
    void otherModulesUseOnlyAModulesPublicPackage() {
        Map<String, CompiledClass> classes = mainClasses();
        List<String> internal = new ArrayList<>();
        for (CompiledClass c : new TreeMap<>(classes).values()) {
            for (String used : c.uses()) {
                CompiledClass u = classes.get(used);
                String open = u == null ? null : PUBLIC_PACKAGES.get(u.module());
                if (open != null && !u.module().equals(c.module()) && !packageOf(used).equals(open)
                        && ALLOWED.stream().noneMatch(e -> e.allows(c.name(), used))) {
                    internal.add(c.module() + ": " + c.name() + " -> " + used + " (" + u.module() + " offers only "
                            + open + ")");
                }
            }
        }
        assertTrue(internal.isEmpty(), () -> "other modules use a module's internal packages: make what they need part "
                + "of its public package (" + PUBLIC_PACKAGES + ", by module):\n" + String.join("\n", internal));
    }

    @Test
    void aCycleIsReportedWithTheClassUsesThatMakeIt() {
        Map<String, Set<String>> uses = new TreeMap<>(Map.of("a.b.X", Set.of("a.c.Y", "java.lang.Object"),
                "a.c.Y", Set.of("a.b.Z"), "a.b.Z", Set.of(), "a.d.W", Set.of("a.b.X"), "a.c.V", Set.of("a.d.W")));
        List<String> cycles = cycles(uses);
        assertEquals(1, cycles.size(), cycles.toString());
        String cycle = cycles.get(0);
        assertTrue(cycle.startsWith("a.b -> a.c -> a.b  (3 packages: [a.b, a.c, a.d])"), cycle);
        assertTrue(cycle.contains("a.b.X -> a.c.Y") && cycle.contains("a.c.Y -> a.b.Z") && cycle.contains("a.c.V -> a.d.W")
                && cycle.contains("a.d.W -> a.b.X"), cycle);
        assertFalse(cycle.contains("java.lang"), cycle);
        assertEquals(List.of(), cycles(Map.of("a.b.X", Set.of("a.c.Y"), "a.c.Y", Set.of("a.c.Z"))));
    }

    /** Uses nothing of the profiler at run time: javac inlines the constant. */
    static final class InlinedConstant {
        static String name() {
            return IssuesFile.NAME;
        }
    }

    @Test
    void aConstantInlinedFromAnotherClassIsAUse() throws IOException {
        try (InputStream in = InlinedConstant.class.getResourceAsStream("PackageCyclesTest$InlinedConstant.class")) {
            Set<String> used = usedClasses(in.readAllBytes());
            assertTrue(used.contains(IssuesFile.class.getName()), used.toString());
        }
    }

    /** Every module's main classes by binary name; the modules this test must see are there. */
    static Map<String, CompiledClass> mainClasses() {
        Path root = Path.of(System.getProperty("numa.home")).toAbsolutePath().normalize();
        Path out = buildFolder(root);
        Map<String, CompiledClass> classes = new HashMap<>();
        Set<String> checked = new TreeSet<>();
        for (String module : modules(root)) {
            Path dir = root.resolve(module).resolve(out).resolve("classes");
            if (!Files.isDirectory(dir)) {
                continue; // not built in this run (e.g. -pl tests -am leaves apps, spark and bench out)
            }
            checked.add(module);
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(f -> isClassFile(dir.relativize(f))).toList()) {
                    byte[] bytes = Files.readAllBytes(f);
                    String name = new ClassReader(bytes).getClassName().replace('/', '.');
                    classes.putIfAbsent(name, new CompiledClass(name, module, usedClasses(bytes)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertTrue(checked.containsAll(MUST_CHECK), "modules with main classes under " + out + ": " + checked);
        return classes;
    }

    /** {@code f}: relative to the classes folder. */
    private static boolean isClassFile(Path f) {
        String name = f.getFileName().toString();
        // META-INF/versions/N: the same classes again, for another JDK
        return name.endsWith(".class") && !name.equals("module-info.class") && !f.startsWith("META-INF");
    }

    /** The build folder (-Dnuma.out, target by default), as this class's own: {@code <root>/tests/<out>/test-classes}. */
    private static Path buildFolder(Path root) {
        try {
            Path testClasses = Path.of(PackageCyclesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return root.resolve("tests").relativize(testClasses.toAbsolutePath().normalize().getParent());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The modules of the root pom.xml, in order. */
    private static List<String> modules(Path root) {
        try {
            Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(root.resolve("pom.xml")));
            List<String> modules = new ArrayList<>();
            while (m.find()) {
                modules.add(m.group(1).trim());
            }
            assertTrue(modules.size() >= 10, "modules of " + root.resolve("pom.xml") + ": " + modules);
            return modules;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The classes (binary names) a class file uses: those its constant pool names, and every type it mentions. */
    static Set<String> usedClasses(byte[] classFile) {
        Set<String> used = new TreeSet<>();
        ClassReader r = new ClassReader(classFile);
        char[] buf = new char[r.getMaxStringLength()];
        for (int i = 1; i < r.getItemCount(); i++) {
            int at = r.getItem(i); // 0: the second slot of a long or double
            if (at > 0 && r.readByte(at - 1) == 7) { // CONSTANT_Class
                add(used, r.readUTF8(at, buf));
            }
        }
        r.accept(new ClassRemapper(new ClassNode(), new Remapper() {
            @Override
            public String map(String internalName) {
                add(used, internalName);
                return internalName;
            }
        }), 0);
        used.remove(r.getClassName().replace('/', '.'));
        return used;
    }

    private static void add(Set<String> used, String internalNameOrArray) {
        Type t = internalNameOrArray.startsWith("[") ? Type.getType(internalNameOrArray).getElementType()
                : Type.getObjectType(internalNameOrArray);
        if (t.getSort() == Type.OBJECT) {
            used.add(t.getClassName());
        }
    }

    static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    /**
     * Each set of packages that use each other in a circle (a strongly connected component of more than one package),
     * as a path around it and every use between its packages, class by class; {@code uses}: class to the classes it
     * uses, of which only those that are keys count.
     */
    static List<String> cycles(Map<String, Set<String>> uses) {
        Map<String, Map<String, SortedSet<String>>> edges = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : uses.entrySet()) {
            String from = packageOf(e.getKey());
            edges.computeIfAbsent(from, k -> new TreeMap<>());
            for (String used : e.getValue()) {
                String to = packageOf(used);
                if (uses.containsKey(used) && !to.equals(from)) {
                    edges.get(from).computeIfAbsent(to, k -> new TreeSet<>()).add(e.getKey() + " -> " + used);
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (SortedSet<String> component : new Components(edges).find()) {
            if (component.size() > 1) {
                out.add(describe(component, edges));
            }
        }
        return out;
    }

    /** Tarjan's strongly connected components of the package graph. */
    private static final class Components {
        private final Map<String, Map<String, SortedSet<String>>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<SortedSet<String>> found = new ArrayList<>();

        Components(Map<String, Map<String, SortedSet<String>>> edges) {
            this.edges = edges;
        }

        List<SortedSet<String>> find() {
            for (String p : edges.keySet()) {
                if (!index.containsKey(p)) {
                    visit(p);
                }
            }
            return found;
        }

        private void visit(String p) {
            index.put(p, index.size());
            low.put(p, index.get(p));
            stack.push(p);
            onStack.add(p);
            for (String q : edges.getOrDefault(p, Map.of()).keySet()) {
                if (!index.containsKey(q)) {
                    visit(q);
                    low.put(p, Math.min(low.get(p), low.get(q)));
                } else if (onStack.contains(q)) {
                    low.put(p, Math.min(low.get(p), index.get(q)));
                }
            }
            if (low.get(p).equals(index.get(p))) {
                SortedSet<String> component = new TreeSet<>();
                String q;
                do {
                    q = stack.pop();
                    onStack.remove(q);
                    component.add(q);
                } while (!q.equals(p));
                found.add(component);
            }
        }
    }

    /** A shortest path around the component from its first package, then its uses between packages. */
    private static String describe(SortedSet<String> component, Map<String, Map<String, SortedSet<String>>> edges) {
        String start = component.first();
        Map<String, String> cameFrom = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>(List.of(start));
        String last = null;
        while (last == null && !todo.isEmpty()) {
            String p = todo.removeFirst();
            for (String q : edges.get(p).keySet()) {
                if (q.equals(start)) {
                    last = p;
                    break;
                }
                if (component.contains(q) && !cameFrom.containsKey(q)) {
                    cameFrom.put(q, p);
                    todo.addLast(q);
                }
            }
        }
        List<String> path = new ArrayList<>(List.of(start));
        for (String p = last; !p.equals(start); p = cameFrom.get(p)) {
            path.add(1, p);
        }
        path.add(start);
        StringBuilder sb = new StringBuilder(String.join(" -> ", path) + "  (" + component.size() + " packages: "
                + component + ")");
        for (String from : component) {
            for (Map.Entry<String, SortedSet<String>> e : edges.get(from).entrySet()) {
                if (component.contains(e.getKey())) {
                    sb.append("\n  ").append(from).append(" -> ").append(e.getKey()).append(":");
                    e.getValue().forEach(use -> sb.append("\n    ").append(use));
                }
            }
        }
        return sb.toString();
    }
}
