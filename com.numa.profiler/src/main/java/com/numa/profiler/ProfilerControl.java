package com.numa.profiler;

/** MBean adapter over {@link NumaProfiler}. */
final class ProfilerControl implements ProfilerControlMBean {
    private final NumaProfiler profiler;

    ProfilerControl(NumaProfiler profiler) {
        this.profiler = profiler;
    }

    @Override
    public void start() {
        profiler.startProfiling();
    }

    @Override
    public void stop() {
        profiler.stopProfiling();
    }

    @Override
    public String dump() {
        return profiler.dump().toString();
    }

    @Override
    public boolean isActive() {
        return profiler.isActive();
    }

    @Override
    public long getAccesses() {
        return profiler.report().accesses();
    }
}
