package com.numa.apps;

/**
 * The Python 2.7 program Jython runs: a word-frequency and inventory simulation over seeded pseudo-random data, with
 * N {@code threading.Thread}s that each build dictionaries of their own share (string keys, lists, tuples, a small
 * class with {@code __slots__}), merge them into one shared dictionary under a lock, and a sorted report at the end.
 * Everything is deterministic: the data comes from a linear congruential generator in the script, Python's
 * {@code hash()} is never used, and the result does not depend on which thread merges first (sums and sorted keys
 * only). It sets {@code checksum}, and prints {@code checksum=<n>} when run as a program ({@code jython script.py}).
 */
final class PythonScript {
    private PythonScript() {
    }

    /** The script for {@code threads} worker threads and {@code rounds} rounds of work per thread. */
    static String text(int threads, int rounds) {
        return """
                import threading

                THREADS = %d
                ROUNDS = %d
                SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "so", "ta", "vi", "ze", "qu", "an", "or"]

                class Lcg(object):
                    __slots__ = ("state",)
                    def __init__(self, seed):
                        self.state = seed & 0x7fffffff
                    def next(self, bound):
                        self.state = (self.state * 1103515245 + 12345) & 0x7fffffff
                        return self.state %% bound

                class Item(object):
                    __slots__ = ("name", "count", "weight")
                    def __init__(self, name, weight):
                        self.name = name
                        self.count = 0
                        self.weight = weight

                def word(rng):
                    return "".join([SYLLABLES[rng.next(len(SYLLABLES))] for _ in range(1 + rng.next(3))])

                def work(part, results):
                    rng = Lcg(part * 7919 + 17)
                    items = {}
                    pairs = {}
                    previous = None
                    for r in range(ROUNDS):
                        for _ in range(200):
                            w = word(rng)
                            item = items.get(w)
                            if item is None:
                                item = Item(w, len(w) * 3 + rng.next(5))
                                items[w] = item
                            item.count += 1
                            if previous is not None:
                                key = (previous, w) if previous < w else (w, previous)
                                pairs.setdefault(key, []).append(r)
                            previous = w
                    top = sorted(items.values(), key=lambda i: (-i.count, i.name))[:25]
                    summary = dict((i.name, i.count * i.weight) for i in top)
                    summary["<pairs>"] = sum(len(v) for v in pairs.values() if len(v) > 2)
                    results[part] = summary

                shared = {}
                lock = threading.Lock()
                def worker(first):
                    local = {}
                    for part in range(first, THREADS * 4, THREADS):
                        work(part, local)
                    with lock:
                        for part, summary in local.items():
                            for k, v in summary.items():
                                shared[k] = shared.get(k, 0) + v

                workers = [threading.Thread(target=worker, args=(t,), name="jython-worker-%%d" %% (t + 1))
                           for t in range(THREADS)]
                for t in workers:
                    t.start()
                for t in workers:
                    t.join()

                checksum = 0
                for k in sorted(shared.keys()):
                    for c in k:
                        checksum = (checksum * 31 + ord(c)) & 0xffffffffffff
                    checksum = (checksum * 131 + shared[k]) & 0xffffffffffff
                if __name__ == "__main__":
                    print("checksum=%%d" %% checksum)
                """.formatted(threads, rounds);
    }
}
