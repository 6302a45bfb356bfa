package com.numa.profiler.instrument;

/**
 * What the transformer knows of the fields named by the instructions of the class it rewrites (answered by
 * {@link DeclaredFields} for the class's defining loader). Unknown fields are neither.
 */
interface FieldFacts {
    /** Whether {@code owner.name} is a static final field (HotSpot's JIT folds its reads into the constant). */
    boolean isStaticFinal(String owner, String name);

    /** Whether {@code owner.name} is known and not volatile (the JIT may keep what it read in a register). */
    boolean isPlain(String owner, String name);

    /** Nothing known: every read keeps its hook (tests of the hooks themselves). */
    FieldFacts NONE = new FieldFacts() {
        @Override
        public boolean isStaticFinal(String owner, String name) {
            return false;
        }

        @Override
        public boolean isPlain(String owner, String name) {
            return false;
        }
    };
}
