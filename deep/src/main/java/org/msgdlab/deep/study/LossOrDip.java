package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Trainer;

import java.util.List;
import java.util.Locale;

/**
 * Whether a run lost its training or dipped: the support study's descriptive definitions
 * (deep/results/support-study/PLAN.md, "Losses and dips"), no claim on them.
 * <ul>
 *   <li>A run <b>lost its training</b> when its window accuracy ({@link WindowStatistic}: iterations 4,000-5,000) is
 *       below {@value #LOST} (50 points): where it ended, not one evaluation.</li>
 *   <li>A run <b>dipped</b> when its test accuracy was below {@value #DIP} at some evaluation from iteration
 *       {@value #FROM} on and it did not lose its training; reported with the depth (its lowest such accuracy), the
 *       iteration of that evaluation and its window accuracy (it came back).</li>
 * </ul>
 * Immutable and thread-safe.
 *
 * @param lost      whether the run lost its training
 * @param dipped    whether it dipped (never together with {@code lost})
 * @param depth     its lowest test accuracy from iteration {@value #FROM} on
 * @param iteration the first evaluation at that depth
 * @param window    its window accuracy (a fraction)
 */
public record LossOrDip(boolean lost, boolean dipped, double depth, long iteration, double window) {

    /** Window accuracy below which a run lost its training (a fraction: 50 points). */
    public static final double LOST = 0.5;
    /** Test accuracy below which an evaluation is a dip. */
    public static final double DIP = 0.5;
    /** The first iteration a dip is looked for at. */
    public static final long FROM = 1_000;

    /**
     * The definitions applied to a completed run.
     *
     * @param rows       its metrics rows up to the plan's iterations
     * @param iterations the plan's iterations
     * @return what the run did
     * @throws IllegalArgumentException when no row is inside the window
     */
    public static LossOrDip of(List<Trainer.Row> rows, int iterations) {
        double window = WindowStatistic.of(rows, iterations);
        double depth = Double.POSITIVE_INFINITY;
        long at = -1;
        for (Trainer.Row r : rows) {
            if (r.iteration() >= FROM && r.testAccuracy() < depth) {
                depth = r.testAccuracy();
                at = r.iteration();
            }
        }
        boolean lost = window < LOST;
        return new LossOrDip(lost, !lost && depth < DIP, depth, at, window);
    }

    /** @return e.g. "dipped to 0.312 at iteration 2400, window 0.781" or "lost (window 0.102)" or "" */
    public String describe() {
        if (lost) {
            return String.format(Locale.ROOT, "lost (window %.3f)", window);
        }
        return dipped ? String.format(Locale.ROOT, "dipped to %.3f at iteration %d, window %.3f", depth, iteration, window) : "";
    }
}
