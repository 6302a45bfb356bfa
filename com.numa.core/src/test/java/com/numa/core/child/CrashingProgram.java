package com.numa.core.child;

import java.lang.reflect.Field;

/**
 * A program that dies of a signal on purpose: {@code segv} writes through address 0 (HotSpot catches the SIGSEGV,
 * prints its fatal error report and writes an hs_err file), {@code kill} has the kernel end it with SIGKILL (no
 * report at all, as when the OOM killer strikes).
 */
public final class CrashingProgram {
    private CrashingProgram() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("running");
        System.err.println("a line on stderr before the end");
        if (args[0].equals("segv")) {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            ((sun.misc.Unsafe) f.get(null)).putAddress(0, 0);
        } else {
            new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
            Thread.sleep(60_000);
        }
    }
}
