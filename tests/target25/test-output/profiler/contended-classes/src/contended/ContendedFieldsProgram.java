package contended;

public final class ContendedFieldsProgram {
    static final int ROUNDS = 20_000;
    static volatile int turn;

    public static final class Fields {
        @jdk.internal.vm.annotation.Contended
        long a;
        @jdk.internal.vm.annotation.Contended
        long b;
    }

    public static void main(String[] args) throws InterruptedException {
        Fields f = new Fields();
        Thread[] ts = new Thread[2];
        for (int k = 0; k < 2; k++) {
            int me = k;
            ts[k] = new Thread(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    int spins = 0;
                    while (turn != me) {
                        if (++spins % 64 == 0) {
                            Thread.yield();
                        }
                    }
                    if (me == 0) {
                        f.a = i;
                    } else {
                        f.b = i;
                    }
                    turn = 1 - me;
                }
            }, "writer-" + k);
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.println(f.a + f.b);
    }
}
