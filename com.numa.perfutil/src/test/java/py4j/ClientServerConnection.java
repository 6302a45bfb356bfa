package py4j;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.util.concurrent.CountDownLatch;

/**
 * Test stand-in for py4j's connection runnable, under py4j's class name: PySpark's driver calls run on a plain
 * "Thread-N" whose runnable is this class (the tests cannot ship PySpark, whose Python side starts it).
 */
public final class ClientServerConnection implements Runnable {
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile int tid;

    @Override
    public void run() {
        tid = LinuxSyscalls.gettid();
        started.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The tid of the thread running it, once it runs. */
    public int awaitTid() throws InterruptedException {
        started.await();
        return tid;
    }

    public void release() {
        release.countDown();
    }
}
