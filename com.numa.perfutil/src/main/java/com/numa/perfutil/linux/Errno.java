package com.numa.perfutil.linux;

import java.util.Map;

/** errno values seen from the calls we make (x86_64 and aarch64 share these numbers) and the fixes users need. */
public final class Errno {
    public static final int EPERM = 1, ENOENT = 2, ESRCH = 3, EINTR = 4, EIO = 5, E2BIG = 7, EBADF = 9, EAGAIN = 11,
            ENOMEM = 12, EACCES = 13, EFAULT = 14, EBUSY = 16, ENODEV = 19, EINVAL = 22, EMFILE = 24, ENOSPC = 28,
            ENOSYS = 38, EOPNOTSUPP = 95;

    private static final Map<Integer, String[]> NAMES = Map.ofEntries(
            Map.entry(EPERM, new String[] {"EPERM", "operation not permitted"}),
            Map.entry(ENOENT, new String[] {"ENOENT", "no such file, or event not known to the kernel"}),
            Map.entry(ESRCH, new String[] {"ESRCH", "no such thread or process"}),
            Map.entry(EINTR, new String[] {"EINTR", "interrupted"}),
            Map.entry(EIO, new String[] {"EIO", "input/output error"}),
            Map.entry(E2BIG, new String[] {"E2BIG", "argument too large"}),
            Map.entry(EBADF, new String[] {"EBADF", "bad file descriptor"}),
            Map.entry(EAGAIN, new String[] {"EAGAIN", "try again"}),
            Map.entry(ENOMEM, new String[] {"ENOMEM", "out of memory"}),
            Map.entry(EACCES, new String[] {"EACCES", "permission denied"}),
            Map.entry(EFAULT, new String[] {"EFAULT", "bad address"}),
            Map.entry(EBUSY, new String[] {"EBUSY", "device or resource busy"}),
            Map.entry(ENODEV, new String[] {"ENODEV", "no such device"}),
            Map.entry(EINVAL, new String[] {"EINVAL", "invalid argument"}),
            Map.entry(EMFILE, new String[] {"EMFILE", "too many open files"}),
            Map.entry(ENOSPC, new String[] {"ENOSPC", "no space left (e.g. no free hardware counter)"}),
            Map.entry(ENOSYS, new String[] {"ENOSYS", "system call not implemented by this kernel"}),
            Map.entry(EOPNOTSUPP, new String[] {"EOPNOTSUPP", "operation not supported"}));

    private Errno() {
    }

    public static String name(int errno) {
        String[] e = NAMES.get(errno);
        return e == null ? "errno" + errno : e[0];
    }

    public static String describe(int errno) {
        String[] e = NAMES.get(errno);
        return e == null ? "unknown error" : e[1];
    }
}
