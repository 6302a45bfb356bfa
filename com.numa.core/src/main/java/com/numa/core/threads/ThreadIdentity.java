package com.numa.core.threads;

/**
 * A kernel thread of this JVM with its Java identity: name as Java sees it (or the kernel's comm for JVM-internal
 * threads), Java thread id (-1 when the thread has no java.lang.Thread), daemon flag and role.
 */
public record ThreadIdentity(int tid, String name, long javaId, boolean daemon, ThreadRole role) {
}
