package com.numa.opt;

/** The two run configurations of the paper: every JVM thread on one node's CPUs, or on all usable CPUs. */
public enum Placement { SINGLE_NODE, ALL_NODES }
