package com.numa.gc.heap;

/**
 * What one evacuation did: objects and bytes copied, copies that landed on another node than the policy chose
 * (its to-space on that node was full), and copies a GC thread made for another node's queue (stolen work).
 */
record CopyResult(long objects, long bytes, long spilled, long stolen) {
}
