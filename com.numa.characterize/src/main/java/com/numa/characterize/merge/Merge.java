package com.numa.characterize.merge;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code numa merge}'s work, apart from its command line: find, group, read, write. */
public final class Merge {
    /**
     * What a merge did.
     *
     * @param jvms     JVMs merged
     * @param files    files found
     * @param problems files incomplete, from another run, or unreadable, one line each
     */
    public record Result(int jvms, int files, List<String> problems) {
    }

    private Merge() {
    }

    /**
     * Merges the outputs under {@code inputs} into {@code out}.
     *
     * @throws IllegalArgumentException an input matches nothing, or nothing found is a numa-jvm output
     */
    public static Result run(List<String> inputs, Path out) throws IOException {
        OutputFinder.Found all = OutputFinder.find(inputs);
        List<JvmOutput> found = all.outputs();
        if (found.isEmpty() && all.unreadable().isEmpty()) {
            throw new IllegalArgumentException("no numa-jvm outputs in " + String.join(", ", inputs) + " (PerfUtil CSVs, "
                    + "profile directories, decision logs, characterizations); check the paths given");
        }
        MergedRun run = MergedRun.of(found, all.unreadable());
        run.write(out);
        return new Result(run.jvms().size(), found.size(), run.problems());
    }
}
