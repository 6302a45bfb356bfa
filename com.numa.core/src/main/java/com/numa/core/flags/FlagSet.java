package com.numa.core.flags;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The declared NUMA family of flags and their parser. A {@code -XX:} argument belongs to the family when it names a
 * declared flag or starts with one of the family prefixes (so a misspelt {@code -XX:PerfUtilEvnts} is an error, while
 * HotSpot's own {@code -XX:+UseNUMA} passes through to java untouched).
 */
public final class FlagSet {
    private final Map<String, Flag<?>> flags = new LinkedHashMap<>();
    private final List<String> familyPrefixes;

    public FlagSet(List<String> familyPrefixes, Collection<? extends Flag<?>> declared) {
        this.familyPrefixes = List.copyOf(familyPrefixes);
        for (Flag<?> f : declared) {
            if (flags.put(f.name(), f) != null) {
                throw new IllegalArgumentException("flag declared twice: " + f.name());
            }
        }
    }

    /** The prefixes that make a -XX: name ours even when it is not declared (a misspelling to report). */
    public List<String> familyPrefixes() {
        return familyPrefixes;
    }

    public Collection<Flag<?>> flags() {
        return flags.values();
    }

    public Flag<?> flag(String name) {
        return flags.get(name);
    }

    /** True when {@code arg} is a -XX: argument of the NUMA family (declared, or misspelt with a family prefix). */
    public boolean owns(String arg) {
        String name = nameOf(arg);
        return name != null && inFamily(name);
    }

    /** True when {@code name} is declared or starts with a family prefix. */
    boolean inFamily(String name) {
        if (flags.containsKey(name)) {
            return true;
        }
        for (String p : familyPrefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The flag name of a -XX: argument ({@code -XX:+Name}, {@code -XX:-Name}, {@code -XX:Name=v}), or null. */
    static String nameOf(String arg) {
        if (!arg.startsWith("-XX:")) {
            return null;
        }
        String rest = arg.substring(4);
        if (rest.startsWith("+") || rest.startsWith("-")) {
            rest = rest.substring(1);
        }
        int eq = rest.indexOf('=');
        return eq < 0 ? rest : rest.substring(0, eq);
    }

    /** Parses NUMA-family arguments (each in -XX: form). Later occurrences win, as in HotSpot. */
    public FlagValues parse(List<String> args) throws FlagException {
        Map<Flag<?>, Object> set = new LinkedHashMap<>();
        for (String arg : args) {
            String name = nameOf(arg);
            if (name == null) {
                throw new FlagException("not a -XX: flag: '" + arg + "'");
            }
            Flag<?> f = flags.get(name);
            if (f == null) {
                List<String> near = NearestNames.of(name, flags.keySet(), 3);
                throw new FlagException("unknown NUMA flag " + arg.substring(0, 4 + sign(arg).length()) + name
                        + (near.isEmpty() ? "" : "; did you mean " + String.join(", ", near.stream().map(this::typedForm).toList()) + "?")
                        + " (-XX:+PrintNUMAFlags lists every flag)");
            }
            String rest = arg.substring(4);
            if (f.isBoolean()) {
                if (rest.startsWith("+") || rest.startsWith("-")) {
                    if (rest.indexOf('=') >= 0) {
                        throw new FlagException("-XX:" + name + " is a boolean flag: write -XX:+" + name + " or -XX:-" + name);
                    }
                    set.put(f, rest.startsWith("+"));
                    continue;
                }
                throw new FlagException("-XX:" + name + " is a boolean flag: write -XX:+" + name + " or -XX:-" + name);
            }
            if (rest.startsWith("+") || rest.startsWith("-") || rest.indexOf('=') < 0) {
                throw new FlagException("-XX:" + name + " takes a value: write -XX:" + name + "=<" + f.type() + ">");
            }
            String value = rest.substring(rest.indexOf('=') + 1);
            try {
                set.put(f, f.parse(value));
            } catch (Flag.BadValue e) {
                throw new FlagException("bad value '" + value + "' for -XX:" + name + ": expected " + e.getMessage());
            }
        }
        return new FlagValues(this, set);
    }

    private static String sign(String arg) {
        return arg.startsWith("-XX:+") ? "+" : arg.startsWith("-XX:-") ? "-" : "";
    }

    /** How the user types a flag: {@code -XX:+Name} for a boolean, {@code -XX:Name=} for the others. */
    String typedForm(String name) {
        Flag<?> f = flags.get(name);
        return f.isBoolean() ? "-XX:+" + name : "-XX:" + name + "=";
    }

    /**
     * Command-line arguments, each a {@code -XX:} flag or flags in the agent grammar (as {@code numa attach} takes
     * them: {@code -XX:+PerfUtil} or {@code PerfUtil,PerfUtilOutput=p.csv}).
     */
    public FlagValues parseArguments(List<String> args) throws FlagException {
        List<String> all = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("-XX:")) {
                all.add(a); // as typed: a value may hold any character
            } else {
                all.addAll(AgentArgs.split(a, this));
            }
        }
        return parse(all);
    }

    /** Parses an agent argument string in the grammar of {@link AgentArgs}. */
    public FlagValues parseAgentArgs(String agentArgs) throws FlagException {
        return parse(AgentArgs.split(agentArgs, this));
    }

    /**
     * The same table as {@link #describe()} in Markdown, as docs/flags.md carries it ({@code numa flags --markdown}
     * regenerates it).
     */
    public String markdownTable() {
        StringBuilder sb = new StringBuilder("| flag | type | default | description |\n|---|---|---|---|\n");
        for (Flag<?> f : flags.values()) {
            String form = typedForm(f.name());
            String def = defaultText(f);
            sb.append("| `").append(form).append("` | ").append(f.type().replace("|", "\\|")).append(" | ")
                    .append(def.equals("\"\"") ? def : "`" + def + "`").append(" | ")
                    .append(f.description().replace("|", "\\|")).append(" |\n");
        }
        return sb.toString();
    }

    /** The -XX:+PrintNUMAFlags table: name, type, default and description of every flag. */
    public String describe() {
        int w = "flag".length();
        int tw = "type".length();
        int dw = "default".length();
        for (Flag<?> f : flags.values()) {
            w = Math.max(w, f.name().length());
            tw = Math.min(28, Math.max(tw, f.type().length()));
            dw = Math.min(56, Math.max(dw, defaultText(f).length()));
        }
        String row = "%-" + w + "s  %-" + tw + "s  %-" + dw + "s  %s%n";
        StringBuilder sb = new StringBuilder(String.format(row, "flag", "type", "default", "description"));
        for (Flag<?> f : flags.values()) {
            sb.append(String.format(row, f.name(), f.type(), defaultText(f), f.description()));
        }
        return sb.toString();
    }

    private static String defaultText(Flag<?> f) {
        String def = f.isBoolean() ? String.valueOf(f.defaultValue()) : f.format(f.defaultValue());
        return def.isEmpty() ? "\"\"" : def;
    }
}
