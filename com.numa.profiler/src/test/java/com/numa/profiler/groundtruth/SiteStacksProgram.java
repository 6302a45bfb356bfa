package com.numa.profiler.groundtruth;

/**
 * One allocation site ({@link #make}) reached from two callers: 30 boxes through {@link #fromA}, 20 through
 * {@link #fromB}. With one frame per site they are one site; with two, one site per caller. The same for a primitive
 * array ({@link #numbers}, {@link #LONGS} longs each), which is counted without being tagged.
 */
public final class SiteStacksProgram {
    public static final int FROM_A = 30;
    public static final int FROM_B = 20;
    public static final int LONGS = 5;
    static Box[] kept = new Box[FROM_A + FROM_B];
    static long[][] numbersKept = new long[FROM_A + FROM_B][];

    static Box make() {
        return new Box();
    }

    static Box fromA() {
        return make();
    }

    static Box fromB() {
        return make();
    }

    static long[] numbers() {
        return new long[LONGS];
    }

    static long[] numbersFromA() {
        return numbers();
    }

    static long[] numbersFromB() {
        return numbers();
    }

    public static void main(String[] args) {
        Box[] k = kept;
        for (int i = 0; i < FROM_A; i++) {
            k[i] = fromA();
        }
        for (int i = 0; i < FROM_B; i++) {
            k[FROM_A + i] = fromB();
        }
        long[][] n = numbersKept;
        for (int i = 0; i < FROM_A; i++) {
            n[i] = numbersFromA();
        }
        for (int i = 0; i < FROM_B; i++) {
            n[FROM_A + i] = numbersFromB();
        }
    }
}
