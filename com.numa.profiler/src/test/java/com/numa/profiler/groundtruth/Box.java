package com.numa.profiler.groundtruth;

/** The shared unit of the ground-truth programs: one reference field, one primitive field. */
public final class Box {
    public Object ref;
    public int value;
}
