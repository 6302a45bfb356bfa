package com.numa.characterize.merge;

import com.numa.core.provenance.JvmIdentity;
import java.nio.file.Path;

/**
 * One output of one JVM found by {@code numa merge}.
 *
 * @param kind       what it is
 * @param path       the file (a PerfUtil CSV, a decision log) or directory (a profile, a characterization)
 * @param jvm        the JVM that wrote it; null when the file does not say (written before files named their JVM,
 *                   or a characterization, which is many JVMs)
 * @param endEpochMs the latest time the file holds (its last reading, or its completion), epoch ms; -1 when unknown
 * @param incomplete why the file is not known to be whole, or "" when its completion marker is this JVM's
 */
public record JvmOutput(Kind kind, Path path, JvmIdentity jvm, long endEpochMs, String incomplete) {

    /** The outputs {@code numa merge} reads. */
    public enum Kind {
        PERFUTIL("PerfUtil CSV"), PROFILE("NUMAProfiler profile"), DECISIONS("NUMAOpts decision log"),
        CHARACTERIZATION("characterization");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The JVM's key ({@link JvmIdentity#key()}), or the file's own path when it names no JVM. */
    public String jvmKey() {
        return jvm == null ? path.toString() : jvm.key();
    }

    public boolean complete() {
        return incomplete.isEmpty();
    }
}
