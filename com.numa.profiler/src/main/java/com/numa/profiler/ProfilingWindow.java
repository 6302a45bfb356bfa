package com.numa.profiler;

import com.numa.profiler.tracking.WindowEvents;
import java.util.function.Consumer;

/**
 * When to profile: from the start; after the N-th explicit GC (DaCapo's harness calls System.gc() between iterations);
 * from the entry of a start method to the entry of a stop method; or only on demand (MBean). Pure decision logic: the
 * switch it drives is given by the caller.
 */
final class ProfilingWindow implements WindowEvents {
    private final int gcThreshold;
    private final Consumer<Boolean> activeSwitch;
    private int explicitGcs;
    private boolean active;
    private long startedNanos;
    private long profiledNanos;
    private boolean startMethodEntered;

    ProfilingWindow(int gcThreshold, boolean waitForStartMethod, boolean onDemand, Consumer<Boolean> activeSwitch) {
        this.gcThreshold = gcThreshold;
        this.activeSwitch = activeSwitch;
        set(!onDemand && gcThreshold == 0 && !waitForStartMethod);
    }

    @Override
    public synchronized void explicitGc() {
        explicitGcs++;
        if (gcThreshold > 0 && explicitGcs == gcThreshold) {
            set(true);
        }
    }

    @Override
    public synchronized void controlPoint(int id) {
        if (id == START_POINT) {
            startMethodEntered = true;
            set(true);
        } else if (id == STOP_POINT) {
            set(false);
        }
    }

    synchronized void set(boolean on) {
        if (on != active) {
            if (on) {
                startedNanos = System.nanoTime();
            } else {
                profiledNanos += System.nanoTime() - startedNanos;
            }
        }
        active = on;
        activeSwitch.accept(on);
    }

    synchronized boolean active() {
        return active;
    }

    /** Whether the -XX:NUMAProfilerStartAt method was ever entered (a misspelt one never is: warned at exit). */
    synchronized boolean startMethodEntered() {
        return startMethodEntered;
    }

    synchronized int explicitGcs() {
        return explicitGcs;
    }

    synchronized long profiledNanos() {
        return profiledNanos + (active ? System.nanoTime() - startedNanos : 0);
    }
}
