package com.numa.perfutil.papi;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The part of libpapi (PAPI 7, Debian's libpapi.so.7.0) numa-jvm uses, bound through JNA, with each failure turned
 * into a {@link PapiException} that names the call, PAPI's error text and the fix.
 *
 * <p>PAPI_thread_init (with pthread_self) is called right after PAPI_library_init, so an event set that counts its
 * calling thread can run in several threads at once; event sets attached to a tid work either way. All calls are
 * also serialized on this object: numa-jvm never needs concurrent PAPI calls, and PAPI's own locking then cannot be
 * the source of a stall in the sampler.
 */
final class Papi {
    static final int PAPI_OK = 0;
    static final int PAPI_ENOEVNT = -7;
    static final int PAPI_NULL = -1;
    /** PAPI_VER_CURRENT of papi.h 7.0: PAPI_VERSION_NUMBER(7,0,0,0) & 0xffff0000. */
    static final int PAPI_VER_CURRENT = 7 << 24;
    /** offsetof(PAPI_component_info_t, disabled) and of disabled_reason in papi.h 7.0. */
    private static final long OFFSET_DISABLED_REASON = 128 + 64 + 128 + 64 + 64 + 64;
    private static final long OFFSET_DISABLED = OFFSET_DISABLED_REASON + 1024;

    static final String INSTALL_HINT = "install PAPI 7 (Debian/Ubuntu: apt-get install libpapi-dev papi-tools)"
            + " or point -Djna.library.path at the directory holding libpapi.so";

    interface Lib extends Library {
        int PAPI_library_init(int version);

        int PAPI_is_initialized();

        int PAPI_thread_init(Pointer idFunction);

        int PAPI_num_components();

        Pointer PAPI_get_component_info(int cidx);

        int PAPI_event_name_to_code(String name, IntByReference code);

        int PAPI_query_named_event(String name);

        int PAPI_get_event_component(int code);

        int PAPI_create_eventset(IntByReference eventSet);

        int PAPI_assign_eventset_component(int eventSet, int cidx);

        int PAPI_attach(int eventSet, NativeLong tid);

        int PAPI_add_named_event(int eventSet, String name);

        int PAPI_start(int eventSet);

        int PAPI_read(int eventSet, long[] values);

        int PAPI_stop(int eventSet, long[] values);

        int PAPI_cleanup_eventset(int eventSet);

        int PAPI_destroy_eventset(IntByReference eventSet);

        String PAPI_strerror(int code);
    }

    private static Papi instance;
    private static PapiException loadFailure;

    private final Lib lib;

    private Papi(Lib lib) {
        this.lib = lib;
    }

    /** The initialized library; the first failure (missing library, version mismatch) is remembered and rethrown. */
    static synchronized Papi get() {
        if (instance != null) {
            return instance;
        }
        if (loadFailure != null) {
            throw loadFailure;
        }
        try {
            Lib lib = load("papi", "libpapi.so.7.0");
            Papi papi = new Papi(lib);
            synchronized (papi) {
                if (lib.PAPI_is_initialized() == 0) {
                    int rc = lib.PAPI_library_init(PAPI_VER_CURRENT);
                    if (rc != PAPI_VER_CURRENT) {
                        throw new PapiException(rc < 0 ? rc : 0, "PAPI_library_init(" + Integer.toHexString(PAPI_VER_CURRENT)
                                + ") returned " + (rc < 0 ? papi.describe(rc) : "version " + Integer.toHexString(rc))
                                + ": numa-jvm needs PAPI 7.0; " + INSTALL_HINT);
                    }
                    // per-thread bookkeeping keyed by pthread_self, so that several threads may each run an event set
                    papi.check("PAPI_thread_init", lib.PAPI_thread_init(
                            NativeLibrary.getInstance("c").getFunction("pthread_self")), null);
                }
            }
            instance = papi;
            return papi;
        } catch (PapiException e) {
            loadFailure = e;
            throw e;
        }
    }

    /** Loads the first library name that resolves (the -dev symlink libpapi.so, then the runtime soname). */
    static Lib load(String... names) {
        UnsatisfiedLinkError first = null;
        for (String name : names) {
            try {
                return Native.load(name, Lib.class);
            } catch (UnsatisfiedLinkError e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        throw new PapiException("libpapi not found (tried " + String.join(", ", names) + ": "
                + (first == null ? "no names" : first.getMessage()) + "); " + INSTALL_HINT, first);
    }

    /** "PAPI_ENOEVNT (-7, Event does not exist)"-style text for a return code. */
    synchronized String describe(int rc) {
        return codeName(rc) + " (" + rc + ", " + lib.PAPI_strerror(rc) + ")";
    }

    /** The papi.h name of the return codes users meet most. */
    static String codeName(int rc) {
        return switch (rc) {
            case -1 -> "PAPI_EINVAL";
            case -3 -> "PAPI_ESYS";
            case -4 -> "PAPI_ECMP";
            case -7 -> "PAPI_ENOEVNT";
            case -8 -> "PAPI_ECNFLCT";
            case -10 -> "PAPI_EISRUN";
            case -15 -> "PAPI_EPERM";
            case -17 -> "PAPI_ENOCMP";
            default -> "PAPI error";
        };
    }

    synchronized void check(String call, int rc, String hint) {
        if (rc != PAPI_OK) {
            throw new PapiException(rc, call + " failed: " + describe(rc) + (hint == null ? "" : "; " + hint));
        }
    }

    synchronized int numComponents() {
        return lib.PAPI_num_components();
    }

    /** The component's name, or null when the index is out of range. */
    synchronized String componentName(int cidx) {
        Pointer info = lib.PAPI_get_component_info(cidx);
        return info == null ? null : info.getString(0);
    }

    /** Why the component is disabled, or null when it is enabled. */
    synchronized String componentDisabledReason(int cidx) {
        Pointer info = lib.PAPI_get_component_info(cidx);
        if (info == null) {
            return "no component " + cidx;
        }
        if (info.getInt(OFFSET_DISABLED) == 0) {
            return null;
        }
        String reason = info.getString(OFFSET_DISABLED_REASON).strip();
        return reason.isEmpty() ? "disabled (code " + info.getInt(OFFSET_DISABLED) + ")" : reason;
    }

    /** The PAPI event code of a preset or native name; PAPI's return code when the name is unknown. */
    synchronized int eventCode(String name, IntByReference code) {
        return lib.PAPI_event_name_to_code(name, code);
    }

    synchronized int queryNamedEvent(String name) {
        return lib.PAPI_query_named_event(name);
    }

    synchronized int eventComponent(int code) {
        return lib.PAPI_get_event_component(code);
    }

    synchronized int createEventSet() {
        IntByReference es = new IntByReference(PAPI_NULL);
        check("PAPI_create_eventset", lib.PAPI_create_eventset(es), null);
        return es.getValue();
    }

    synchronized int assignComponent(int eventSet, int cidx) {
        return lib.PAPI_assign_eventset_component(eventSet, cidx);
    }

    synchronized int attach(int eventSet, int tid) {
        return lib.PAPI_attach(eventSet, new NativeLong(tid));
    }

    synchronized int addNamedEvent(int eventSet, String name) {
        return lib.PAPI_add_named_event(eventSet, name);
    }

    synchronized int start(int eventSet) {
        return lib.PAPI_start(eventSet);
    }

    synchronized int read(int eventSet, long[] values) {
        return lib.PAPI_read(eventSet, values);
    }

    synchronized int stop(int eventSet, long[] values) {
        return lib.PAPI_stop(eventSet, values);
    }

    /** Cleanup and destroy; returns the first failing return code, or PAPI_OK. */
    synchronized int destroy(int eventSet) {
        int rc = lib.PAPI_cleanup_eventset(eventSet);
        int rc2 = lib.PAPI_destroy_eventset(new IntByReference(eventSet));
        return rc != PAPI_OK ? rc : rc2;
    }
}
