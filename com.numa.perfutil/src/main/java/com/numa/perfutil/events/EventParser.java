package com.numa.perfutil.events;

import com.numa.core.flags.NearestNames;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns event names as {@code perf list} spells them into {@link EventSpec}s:
 * <ul>
 * <li>generic hardware ({@code cycles}, {@code instructions}, ...), hardware cache ({@code LLC-load-misses},
 * {@code node-loads}, ...) and software ({@code task-clock}, {@code cs}, ...) events;</li>
 * <li>raw events {@code rNNNN} (hex config for the core PMU);</li>
 * <li>PMU-qualified events {@code pmu/event=0x..,umask=0x../} or {@code pmu/alias/}, resolved through a
 * {@link PmuCatalog} (format files place each term's bits; aliases may themselves be term lists);</li>
 * <li>modifiers {@code :u} (user only), {@code :k} (kernel only), {@code :uk}; for PMU events also {@code pmu/.../u}.</li>
 * </ul>
 * An unknown name fails with the closest known names.
 */
public final class EventParser {
    private static final Pattern RAW = Pattern.compile("r[0-9a-fA-F]{1,16}");

    private final PmuCatalog catalog;

    public EventParser(PmuCatalog catalog) {
        this.catalog = catalog;
    }

    /** A parser over this machine's PMUs. */
    public static EventParser system() {
        return new EventParser(PmuCatalog.system());
    }

    public List<EventSpec> parseAll(List<String> names) {
        List<EventSpec> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(parse(n));
        }
        return out;
    }

    public EventSpec parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty event name: give a name as `perf list` prints it, e.g. task-clock");
        }
        int slash = s.indexOf('/');
        if (slash >= 0) {
            return parsePmuEvent(s, slash);
        }
        String base = s;
        String mods = "";
        int colon = s.lastIndexOf(':');
        if (colon >= 0) {
            base = s.substring(0, colon);
            mods = s.substring(colon + 1);
        }
        GenericEvents.Generic g = GenericEvents.lookup(base);
        long config;
        int type;
        boolean hardware;
        if (g != null) {
            type = g.type();
            config = g.config();
            hardware = type != EventSpec.TYPE_SOFTWARE;
        } else if (RAW.matcher(base).matches()) {
            type = EventSpec.TYPE_RAW;
            config = Long.parseUnsignedLong(base.substring(1), 16);
            hardware = true;
        } else {
            throw unknown(s, base);
        }
        return withModifiers(s, mods, type, new long[] {config, 0, 0}, hardware);
    }

    /** Every name this parser accepts without modifiers: generic events and {@code pmu/alias/} for each PMU alias. */
    public List<String> knownNames() {
        List<String> names = new ArrayList<>(GenericEvents.all().keySet());
        for (String pmu : catalog.pmuNames()) {
            PmuCatalog.Pmu p = catalog.pmu(pmu);
            if (p != null) {
                for (String alias : p.aliases().keySet()) {
                    names.add(pmu + "/" + alias + "/");
                }
            }
        }
        return names;
    }

    private EventSpec parsePmuEvent(String s, int slash) {
        int close = s.indexOf('/', slash + 1);
        if (close < 0) {
            throw new IllegalArgumentException("event '" + s + "' has no closing '/': write pmu/event=0x..,umask=0x../ or pmu/alias/");
        }
        String pmuName = s.substring(0, slash);
        String terms = s.substring(slash + 1, close);
        String mods = s.substring(close + 1);
        if (mods.startsWith(":")) {
            mods = mods.substring(1);
        }
        PmuCatalog.Pmu pmu = catalog.pmu(pmuName);
        if (pmu == null) {
            List<String> near = NearestNames.of(pmuName, catalog.pmuNames(), 5);
            throw new IllegalArgumentException("event '" + s + "': no PMU named '" + pmuName + "' in " + catalog.root()
                    + (near.isEmpty() ? "; PMUs here: " + catalog.pmuNames() : "; did you mean " + String.join(", ", near) + "?"));
        }
        if (terms.isBlank()) {
            throw new IllegalArgumentException("event '" + s + "' names no terms between the slashes: write "
                    + pmuName + "/event=0x..,umask=0x../ or " + pmuName + "/alias/");
        }
        long[] words = new long[3];
        applyTerms(s, pmu, terms, words, 0);
        return withModifiers(s, mods, pmu.type(), words, PmuCatalog.isHardwarePmu(pmuName));
    }

    /** Terms are {@code name=value}, a bare format term (value 1) or an alias, which expands to its own term list. */
    private void applyTerms(String event, PmuCatalog.Pmu pmu, String terms, long[] words, int depth) {
        if (depth > 4) {
            throw new IllegalArgumentException("event '" + event + "': aliases of PMU " + pmu.name() + " refer to each other in a loop");
        }
        for (String raw : terms.split(",")) {
            String term = raw.strip();
            if (term.isEmpty()) {
                continue;
            }
            int eq = term.indexOf('=');
            String key = eq < 0 ? term : term.substring(0, eq).strip();
            String valueText = eq < 0 ? null : term.substring(eq + 1).strip();
            if (eq < 0 && pmu.aliases().containsKey(key)) {
                applyTerms(event, pmu, pmu.aliases().get(key).terms(), words, depth + 1);
                continue;
            }
            long value = valueText == null ? 1 : number(event, key, valueText);
            switch (key) {
                case "config" -> words[0] |= value;
                case "config1" -> words[1] |= value;
                case "config2" -> words[2] |= value;
                default -> {
                    PmuFormat f = pmu.formats().get(key);
                    if (f == null) {
                        List<String> known = new ArrayList<>(pmu.formats().keySet());
                        known.addAll(pmu.aliases().keySet());
                        List<String> near = NearestNames.of(key, known, 5);
                        throw new IllegalArgumentException("event '" + event + "': PMU " + pmu.name()
                                + " has no term or alias '" + key + "'"
                                + (near.isEmpty() ? "; its terms: " + pmu.formats().keySet() : "; did you mean "
                                        + String.join(", ", near) + "?"));
                    }
                    try {
                        f.place(value, words);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("event '" + event + "': " + e.getMessage());
                    }
                }
            }
        }
    }

    private static long number(String event, String key, String text) {
        try {
            if (text.startsWith("0x") || text.startsWith("0X")) {
                return Long.parseUnsignedLong(text.substring(2), 16);
            }
            return Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("event '" + event + "': term " + key + "=" + text
                    + " is not a number (write decimal or 0x-prefixed hex)");
        }
    }

    private static EventSpec withModifiers(String name, String mods, int type, long[] words, boolean hardware) {
        boolean user = false;
        boolean kernel = false;
        for (char c : mods.toCharArray()) {
            switch (c) {
                case 'u' -> user = true;
                case 'k' -> kernel = true;
                default -> throw new IllegalArgumentException("event '" + name + "': unknown modifier '" + c
                        + "' (supported: u = count user space only, k = count the kernel only, uk = both)");
            }
        }
        // ":u" alone excludes the kernel and ":k" alone excludes user space; both or neither count everything.
        boolean excludeKernel = user && !kernel;
        boolean excludeUser = kernel && !user;
        return new EventSpec(name, type, words[0], words[1], words[2], excludeUser, excludeKernel, hardware);
    }

    private IllegalArgumentException unknown(String text, String base) {
        List<String> near = NearestNames.of(base, knownNames(), 5);
        return new IllegalArgumentException("unknown event '" + text + "'"
                + (near.isEmpty() ? "" : ": did you mean " + String.join(", ", near) + "?")
                + " (names follow `perf list`: e.g. task-clock, cycles, LLC-load-misses; raw events as rNNNN;"
                + " PMU events as pmu/event=0x..,umask=0x../)");
    }
}
