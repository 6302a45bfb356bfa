package com.numa.perfutil.counters;

import java.util.function.Consumer;

/** Releasing many native resources: every one is closed even when an earlier close fails; the first failure is rethrown. */
final class Closing {
    private Closing() {
    }

    static <T> void closeEach(Iterable<T> items, Consumer<T> close) {
        RuntimeException first = null;
        for (T item : items) {
            try {
                close.accept(item);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
