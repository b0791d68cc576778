package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Trainer;

import java.util.List;

/**
 * The pre-registered statistic of a run: the mean test accuracy over the evaluations in the last
 * 20% of the iterations (iteration &ge; 0.8 K; with an evaluation every 200 of K = 10,000: the 11
 * evaluations at 8,000, 8,200, ..., 10,000). It averages out the evaluation-to-evaluation wobble of
 * a single iterate (a final iterate can drop by 7 points in its last 500 iterations, as one
 * MSGD-[Fisher-10] run of 2026-11-22 did); the final iterate is reported beside it.
 */
public final class WindowStatistic {

    /** The window: the last fifth of the run. */
    public static final double FRACTION = 0.2;

    private WindowStatistic() {
    }

    /**
     * First iteration inside the window of a run of {@code iterations}.
     *
     * @param iterations the run's iterations K
     * @return round(0.8 K)
     */
    public static long windowStart(int iterations) {
        return Math.round((1 - FRACTION) * iterations);
    }

    /**
     * Mean test accuracy of the rows inside the window.
     *
     * @param rows       a run's metrics rows
     * @param iterations the run's iterations K
     * @return the mean over the rows at iteration &ge; {@link #windowStart}
     * @throws IllegalArgumentException when no row is inside the window
     */
    public static double of(List<Trainer.Row> rows, int iterations) {
        long from = windowStart(iterations);
        double sum = 0;
        int k = 0;
        for (Trainer.Row r : rows) {
            if (r.iteration() >= from) {
                sum += r.testAccuracy();
                k++;
            }
        }
        if (k == 0) {
            throw new IllegalArgumentException("no evaluation at or after iteration " + from + " of " + iterations
                    + ": the statistic needs at least one in the last 20%");
        }
        return sum / k;
    }

    /**
     * Test accuracy of the last row (the final iterate).
     *
     * @param rows a run's metrics rows, not empty
     * @return the last row's test accuracy
     */
    public static double last(List<Trainer.Row> rows) {
        return rows.get(rows.size() - 1).testAccuracy();
    }
}
