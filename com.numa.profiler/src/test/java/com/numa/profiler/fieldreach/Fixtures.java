package com.numa.profiler.fieldreach;

/** Classes whose instance fields FieldReachTest classifies, in a package the test's filter never instruments. */
public final class Fixtures {
    private Fixtures() {
    }

    /** Only private fields: nothing outside this package's (never instrumented) code can access them. */
    public static class PrivateOnly {
        private Object a;
        private int b;
        static Object shared; // static: not an instance field
    }

    /** A package-private field: only this package can reach it. */
    public static class PackagePrivate extends PrivateOnly {
        Object c;
    }

    /** A public field: any instrumented class can access it. */
    public static class PublicField {
        public Object d;
    }

    /** A protected field: an instrumented subclass elsewhere can access it. */
    public static class ProtectedField extends PrivateOnly {
        protected Object e;
    }
}
