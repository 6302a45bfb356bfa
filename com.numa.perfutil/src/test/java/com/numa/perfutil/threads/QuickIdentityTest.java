package com.numa.perfutil.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadInventory#quickIdentity}: a tid named by its comm and a live Java thread, without a thread dump; two
 * threads of one name get distinct Java ids; a tid with no Java thread of its name has none.
 */
class QuickIdentityTest {

    @SuppressWarnings("deprecation")
    private static long id(Thread t) {
        return t.getId();
    }

    /** A dump source that fails the test if used: the quick path must not take a dump. */
    private static ThreadInventory withoutDumps() {
        return new ThreadInventory(() -> {
            throw new AssertionError("quickIdentity took a thread dump");
        }, m -> { });
    }

    @Test
    void aNewJavaThreadIsNamedFromItsCommWithoutADump() throws Exception {
        try (ParkedThreads p = new ParkedThreads()) {
            Thread t = p.start("quick-alpha", false);
            ThreadIdentity q = withoutDumps().quickIdentity(p.tidOf(t));
            assertEquals(new ThreadIdentity(p.tidOf(t), "quick-alpha", id(t), false, ThreadRole.APPLICATION), q);
        }
    }

    @Test
    void namesakesGetDistinctJavaIds() throws Exception {
        try (ParkedThreads p = new ParkedThreads()) {
            Thread a = p.start("quick-twin", true);
            Thread b = p.start("quick-twin", true);
            ThreadInventory inv = withoutDumps();
            ThreadIdentity qa = inv.quickIdentity(p.tidOf(a));
            ThreadIdentity qb = inv.quickIdentity(p.tidOf(b));
            assertNotNull(qa);
            assertNotNull(qb);
            assertEquals("quick-twin", qb.name());
            assertNotEquals(qa.javaId(), qb.javaId());
            assertEquals(Set.of(id(a), id(b)), Set.of(qa.javaId(), qb.javaId()));
            assertEquals(qa, inv.quickIdentity(p.tidOf(a)), "asked again, a tid keeps the identity it was given");
        }
    }

    @Test
    void aTidWithoutAJavaThreadOfItsNameHasNoQuickIdentity() {
        ThreadInventory inv = withoutDumps();
        // HotSpot's VM Thread has no java.lang.Thread: left to the dump
        int vmThread = ProcTasks.tids().stream().filter(t -> "VM Thread".equals(ProcTasks.comm(t))).findFirst()
                .orElseThrow(() -> new AssertionError("no VM Thread in /proc/self/task"));
        assertNull(inv.quickIdentity(vmThread));
        assertNull(inv.quickIdentity(Integer.MAX_VALUE), "no such task");
    }
}
