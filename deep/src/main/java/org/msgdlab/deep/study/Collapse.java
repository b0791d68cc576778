package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Trainer;

import java.util.List;
import java.util.Locale;

/**
 * Whether a run collapsed by the noise-class study's pre-registered definition
 * (deep/results/noise-class-study/PLAN.md, "Collapse"). A run collapses when at least one of
 * <ol>
 *   <li>its test accuracy is below {@value #DIP} at some evaluation from iteration {@value #FROM} on;</li>
 *   <li>its training accuracy at its last iteration is below {@value #TRAIN};</li>
 *   <li>its window statistic ({@link WindowStatistic}) is below {@value #WINDOW}.</li>
 * </ol>
 * Chance is 0.1; the deepest dip of a run that kept training in the first study was 0.525. Condition 1
 * reads one evaluation: a run that dips below 0.3 once and comes back counts as collapsed (all four
 * collapses of the noise-class study were such dips, with window accuracies 0.736 to 0.804), so a collapse
 * here is not a run that lost its training; that needs the end of the run.
 * Immutable and thread-safe.
 *
 * @param collapsed whether the run collapsed
 * @param reason    which condition held first, with its numbers; empty when none did
 */
public record Collapse(boolean collapsed, String reason) {

    /** Test accuracy below which a run counts as collapsed, at any one evaluation from {@link #FROM} on. */
    public static final double DIP = 0.3;
    /** The first iteration condition 1 looks at. */
    public static final long FROM = 1_000;
    /** Training accuracy at the end below which a run has not fit its training set. */
    public static final double TRAIN = 0.9;
    /** Window statistic below which a run counts as collapsed whatever its curve. */
    public static final double WINDOW = 0.5;

    /**
     * The definition applied to a completed run's rows.
     *
     * @param rows       the metrics rows up to the plan's iterations
     * @param iterations the plan's iterations (for the window statistic)
     * @return the verdict on the run
     * @throws IllegalArgumentException when there are no rows
     */
    public static Collapse of(List<Trainer.Row> rows, int iterations) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("collapse: a run with no metrics rows cannot be judged");
        }
        for (Trainer.Row r : rows) {
            if (r.iteration() >= FROM && r.testAccuracy() < DIP) {
                return new Collapse(true, String.format(Locale.ROOT, "test accuracy %.3f at iteration %d (< %.1f)",
                        r.testAccuracy(), r.iteration(), DIP));
            }
        }
        Trainer.Row last = rows.get(rows.size() - 1);
        if (last.trainAccuracy() < TRAIN) {
            return new Collapse(true, String.format(Locale.ROOT, "training accuracy %.3f at iteration %d (< %.1f)",
                    last.trainAccuracy(), last.iteration(), TRAIN));
        }
        double w = WindowStatistic.of(rows, iterations);
        if (w < WINDOW) {
            return new Collapse(true, String.format(Locale.ROOT, "window accuracy %.3f (< %.1f)", w, WINDOW));
        }
        return new Collapse(false, "");
    }
}
