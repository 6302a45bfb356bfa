package com.numa.perfutil.counters;

import com.numa.perfutil.events.EventSpec;
import com.sun.jna.Structure;

/**
 * {@code struct perf_event_attr} as of PERF_ATTR_SIZE_VER5 (112 bytes; the kernel accepts any known size and zero-fills
 * newer fields). Only counting is used here: no sampling period, no ring buffer.
 */
@Structure.FieldOrder({"type", "size", "config", "samplePeriod", "sampleType", "readFormat", "flags", "wakeupEvents",
        "bpType", "config1", "config2", "branchSampleType", "sampleRegsUser", "sampleStackUser", "clockid",
        "sampleRegsIntr", "auxWatermark", "sampleMaxStack", "reserved2"})
public final class PerfEventAttr extends Structure {
    public static final int SIZE_VER5 = 112;

    /** read_format bits. */
    public static final long FORMAT_TOTAL_TIME_ENABLED = 1, FORMAT_TOTAL_TIME_RUNNING = 2, FORMAT_ID = 4, FORMAT_GROUP = 8;

    /** One read() of a group leader returns every member with the group's enabled and running times. */
    public static final long GROUP_READ_FORMAT = FORMAT_GROUP | FORMAT_ID | FORMAT_TOTAL_TIME_ENABLED
            | FORMAT_TOTAL_TIME_RUNNING;

    /** Bits of the flags word (the C bitfield starting at offset 40). */
    public static final long DISABLED = 1L, INHERIT = 1L << 1, PINNED = 1L << 2, EXCLUSIVE = 1L << 3,
            EXCLUDE_USER = 1L << 4, EXCLUDE_KERNEL = 1L << 5, EXCLUDE_HV = 1L << 6, EXCLUDE_IDLE = 1L << 7;

    public int type;
    public int size;
    public long config;
    public long samplePeriod;
    public long sampleType;
    public long readFormat;
    public long flags;
    public int wakeupEvents;
    public int bpType;
    public long config1;
    public long config2;
    public long branchSampleType;
    public long sampleRegsUser;
    public int sampleStackUser;
    public int clockid;
    public long sampleRegsIntr;
    public int auxWatermark;
    public short sampleMaxStack;
    public short reserved2;

    public PerfEventAttr() {
        super(ALIGN_NONE);
    }

    /** The attr for counting {@code event} as a member ({@code leader=false}) or the disabled leader of a group. */
    public static PerfEventAttr counting(EventSpec event, boolean leader) {
        PerfEventAttr a = new PerfEventAttr();
        a.type = event.type();
        a.size = SIZE_VER5;
        a.config = event.config();
        a.config1 = event.config1();
        a.config2 = event.config2();
        a.readFormat = GROUP_READ_FORMAT;
        long f = 0;
        // The leader starts disabled so every member's enabled time starts at the same ENABLE ioctl.
        if (leader) {
            f |= DISABLED;
        }
        if (event.excludeUser()) {
            f |= EXCLUDE_USER;
        }
        if (event.excludeKernel()) {
            f |= EXCLUDE_KERNEL;
        }
        if (event.excludeUser() || event.excludeKernel()) {
            // As perf does for :u / :k: a privilege-level modifier also leaves out the hypervisor.
            f |= EXCLUDE_HV;
        }
        a.flags = f;
        a.write();
        return a;
    }
}
