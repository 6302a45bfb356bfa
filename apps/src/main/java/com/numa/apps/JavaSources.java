package com.numa.apps;

import java.util.SplittableRandom;

/**
 * Generated Java compilation units for PMD: ordinary classes (fields, loops, string building, collections) seeded with
 * the mistakes PMD's quickstart rules report (unused locals and imports, empty catch blocks, missing braces, string
 * comparison with ==), so every run finds the same violations.
 */
final class JavaSources {
    private final SplittableRandom random;

    JavaSources(long seed) {
        random = new SplittableRandom(seed);
    }

    String compilationUnit(String className) {
        StringBuilder b = new StringBuilder();
        b.append("package generated;\n\nimport java.util.ArrayList;\nimport java.util.HashMap;\nimport java.util.List;\n")
                .append("import java.util.Map;\nimport java.io.File;\n\n")
                .append("public class ").append(className).append(" {\n")
                .append("    private final Map<String, Integer> counts = new HashMap<>();\n")
                .append("    private List<String> names = new ArrayList<>();\n")
                .append("    private int total;\n\n");
        int methods = 6 + random.nextInt(10);
        for (int m = 0; m < methods; m++) {
            method(b, m);
        }
        b.append("}\n");
        return b.toString();
    }

    private void method(StringBuilder b, int m) {
        b.append("    public int method").append(m).append("(String input, int limit) {\n")
                .append("        int unused").append(m).append(" = ").append(random.nextInt(100)).append(";\n")
                .append("        StringBuilder text = new StringBuilder();\n")
                .append("        for (int i = 0; i < limit; i++) {\n")
                .append("            if (i % ").append(2 + random.nextInt(5)).append(" == 0)\n")
                .append("                text.append(input).append(i);\n")
                .append("            else {\n                total += i * ").append(random.nextInt(9) + 1).append(";\n            }\n")
                .append("        }\n");
        switch (random.nextInt(4)) {
            case 0 -> b.append("        try {\n            total += Integer.parseInt(input);\n")
                    .append("        } catch (NumberFormatException e) {\n        }\n");
            case 1 -> b.append("        if (input == \"stop\") {\n            return -1;\n        }\n");
            case 2 -> b.append("        names.add(text.toString());\n        counts.merge(input, 1, Integer::sum);\n");
            default -> b.append("        for (String n : names) {\n            if (n.equals(input)) total++;\n        }\n");
        }
        b.append("        return text.length() + total;\n    }\n\n");
    }
}
