package com.numa.profiler.rt;

/**
 * Implemented by the topmost instrumentable class of each hierarchy: the injected "header word" (Maxine keeps the owner
 * in the object header's misc word; HotSpot's header is not ours, so we inject a private transient synthetic long).
 * Lives in the bootstrap-visible runtime package so classes of every loader can implement it.
 */
public interface HeaderWord {
    long numa$headerWord();

    void numa$headerWord(long word);
}
