import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * tools/hw-check's comparison of PerfUtil with perf stat on the same JVM: PerfUtil's final per-thread rows (scaled;
 * every thread, ended ones included) summed per event, over perf stat's count of the whole process from exec to exit
 * (-x, output; msec turned into ns). PerfUtil cannot see the JVM's start before the agent, nor a thread before its
 * counters open (within one interval), so its ratio is at most about 1, and alike for events of the same threads.
 * Prints one line per event: event,perfutil,perf_stat,ratio,min_coverage_pct. Usage: PerfStatCompare perfutil.csv
 * perf-stat.csv. JDK only (run as a source file), so it runs wherever the toolkit's java does.
 */
public final class PerfStatCompare {
    public static void main(String[] args) throws IOException {
        Map<String, double[]> perfUtil = new LinkedHashMap<>(); // event -> {scaled sum, min coverage}
        threadRows(Path.of(args[0]), perfUtil);
        Map<String, Double> perf = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            List<String> f = fields(line);
            if (line.startsWith("#") || f.size() < 3 || f.get(0).isBlank()) {
                continue;
            }
            try {
                double value = Double.parseDouble(f.get(0));
                perf.put(f.get(2).replace(":u", ""), f.get(1).equals("msec") ? value * 1e6 : value);
            } catch (NumberFormatException e) {
                perf.put(f.get(2), Double.NaN); // <not supported>, <not counted>
            }
        }
        System.out.println("event,perfutil,perf_stat,ratio,min_coverage_pct");
        perfUtil.forEach((e, s) -> {
            double p = perf.getOrDefault(e, Double.NaN);
            System.out.printf(Locale.ROOT, "%s,%.0f,%.0f,%.4f,%.1f%n", e, s[0], p, s[0] / p, s[1]);
        });
    }

    /** Adds the scaled count of each thread row of {@code csv} to its event's sum; keeps the lowest coverage. */
    static void threadRows(Path csv, Map<String, double[]> sums) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = fields(lines.get(0));
        int scope = header.indexOf("scope"), event = header.indexOf("event"), scaled = header.indexOf("scaled");
        int coverage = header.indexOf("coverage_pct"), enabled = header.indexOf("enabled_ns");
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            if (!f.get(scope).equals("thread")) {
                continue;
            }
            double[] s = sums.computeIfAbsent(f.get(event), e -> new double[] {0, 100});
            s[0] += Double.parseDouble(f.get(scaled));
            if (Long.parseLong(f.get(enabled)) > 0) {
                s[1] = Math.min(s[1], Double.parseDouble(f.get(coverage)));
            }
        }
    }

    /** One CSV record's fields (double-quoted fields may hold commas and doubled quotes). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
