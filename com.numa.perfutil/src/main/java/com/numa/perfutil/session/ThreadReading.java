package com.numa.perfutil.session;

import com.numa.perfutil.counters.ThreadSample;
import java.util.List;

/** A thread's latest reading under its latest name, with the names it had before (oldest first). */
record ThreadReading(ThreadSample sample, List<String> previousNames) {
}
