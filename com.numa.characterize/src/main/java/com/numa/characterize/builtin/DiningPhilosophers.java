package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Explicitly Parallel (ISMM'23 §4.1.5) with Read &amp; Write Dependencies (§4.2.2), after Renaissance's philosophers:
 * {@code threads=} philosophers around a table, philosopher k between forks k and k+1; each thinks (arithmetic on its
 * own), takes its two forks under the table's lock, eats and records the meal on both forks, and hands them over.
 *
 * <p>A fork goes to its two neighbours in turn (each fork points at the neighbour who may use it next, at first the
 * lower-numbered one; a meal turns both forks towards the neighbours: Chandy and Misra's acyclic hand-over, so nobody
 * starves or deadlocks). So every meal's record on a fork is a write to an object the neighbour wrote last: shared
 * writes by construction, whatever the scheduler does. Without the turns a philosopher that keeps its core for a time
 * slice eats many meals in a row on the same forks, and the shared writes fell from 28% to 4% of the accesses when the
 * machine was busy.
 *
 * <p>Every philosopher eats the same number of meals, and a philosopher waiting for its forks parks instead of
 * spinning, so the CPU time stays balanced. The paper's philosophers also has a "camera" thread that made it look
 * imbalanced; we leave it out. With one philosopher no fork changes hands: no shared writes.
 */
public final class DiningPhilosophers implements Workload {
    static final String NAME = "dining-philosophers";
    private static final int MEALS = 1500;
    private static final int THINK_ROUNDS = 12_000;
    private static final int EAT_ROUNDS = 1_000;

    /** One meal, recorded on both forks used for it. */
    private static final class Meal {
        final int philosopher;
        final long course;

        Meal(int philosopher, long course) {
            this.philosopher = philosopher;
            this.course = course;
        }
    }

    /** A fork between two neighbours: whose turn it is and the last meal eaten with it. */
    private static final class Fork {
        final int lower;
        final int upper;
        int nextUser; // guarded by the table's lock
        Meal lastMeal; // written only by the philosopher whose turn it is
        long meals;

        Fork(int a, int b) {
            lower = Math.min(a, b);
            upper = Math.max(a, b);
            nextUser = lower; // pointing at the lower number: the hand-over graph starts acyclic
        }

        int neighbourOf(int philosopher) {
            return philosopher == lower ? upper : lower;
        }
    }

    private final WorkerCrew crew;
    private final Fork[] forks;
    private final ReentrantLock table = new ReentrantLock();
    private final Condition[] forksHandedTo; // one per philosopher: a hand-over wakes only the two neighbours
    private final int philosophers;
    private final int meals;

    DiningPhilosophers(WorkloadArguments arguments) {
        meals = MEALS * arguments.size().scale();
        philosophers = arguments.threads();
        forks = new Fork[Math.max(2, philosophers)]; // one philosopher still needs two forks
        for (int f = 0; f < forks.length; f++) {
            // fork f lies between philosophers f-1 and f (one philosopher: both forks are his alone)
            forks[f] = new Fork(Math.floorMod(f - 1, philosophers), f % philosophers);
        }
        forksHandedTo = new Condition[philosophers];
        for (int p = 0; p < philosophers; p++) {
            forksHandedTo[p] = table.newCondition();
        }
        crew = new WorkerCrew(NAME, philosophers);
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, DiningPhilosophers::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        long before = mealsOnForks();
        long digest = crew.sum(this::dine);
        long eaten = mealsOnForks() - before;
        // every meal is recorded on two forks; a lost update would change the checksum
        return digest + eaten;
    }

    /** Philosopher k's part: think, wait for both forks' turn, eat, record the meal, hand over; {@code meals} times. */
    private long dine(int k) {
        Fork left = forks[k];
        Fork right = forks[(k + 1) % forks.length];
        long digest = 0;
        for (long course = 0; course < meals; course++) {
            long thought = Mix.burn(course * 31 + k, THINK_ROUNDS);
            awaitTurn(k, left, right);
            Meal meal = new Meal(k, course);
            eat(left, meal);
            eat(right, meal);
            digest += Mix.burn(thought, EAT_ROUNDS);
            handOver(k, left, right);
        }
        return digest;
    }

    private void awaitTurn(int k, Fork left, Fork right) {
        table.lock();
        try {
            Condition mine = forksHandedTo[k];
            while (left.nextUser != k || right.nextUser != k) {
                mine.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("philosopher " + k + " interrupted while waiting for forks", e);
        } finally {
            table.unlock();
        }
    }

    private void handOver(int k, Fork left, Fork right) {
        table.lock();
        try {
            left.nextUser = left.neighbourOf(k);
            right.nextUser = right.neighbourOf(k);
            forksHandedTo[left.nextUser].signal();
            forksHandedTo[right.nextUser].signal();
        } finally {
            table.unlock();
        }
    }

    /**
     * Records {@code meal} on {@code fork}, reading who ate with it before (the fork's state a philosopher looks at).
     * Who that was depends on the schedule, so it stays out of the digest.
     */
    private static void eat(Fork fork, Meal meal) {
        Meal previous = fork.lastMeal;
        if (previous == meal) {
            throw new IllegalStateException("meal " + meal.course + " of philosopher " + meal.philosopher + " recorded twice");
        }
        fork.lastMeal = meal;
        fork.meals++;
    }

    private long mealsOnForks() {
        long sum = 0;
        for (Fork f : forks) {
            sum += f.meals;
        }
        return sum;
    }

    @Override
    public void close() {
        crew.close();
    }
}
