package org.msgdlab.onlineregression.sim;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * The step counts n at which the averaged iterate's risk is recorded: strictly increasing, each
 * {@code >= 1}. Immutable (the array is copied in and out) and thread-safe.
 *
 * @param steps the step counts
 */
public record Checkpoints(int[] steps) {

    /**
     * Validates and copies the step counts.
     *
     * @param steps the step counts
     * @throws IllegalArgumentException if there is none, one is below 1, or they do not increase strictly
     */
    public Checkpoints {
        if (steps == null || steps.length == 0) {
            throw new IllegalArgumentException("checkpoints must hold at least one step count");
        }
        steps = steps.clone();
        for (int j = 0; j < steps.length; j++) {
            if (steps[j] < 1) {
                throw new IllegalArgumentException("checkpoint n=" + steps[j] + " must be >= 1");
            }
            if (j > 0 && steps[j] <= steps[j - 1]) {
                throw new IllegalArgumentException("checkpoints must increase strictly, got " + steps[j] + " after " + steps[j - 1]);
            }
        }
    }

    /**
     * About {@code perDecade} log-spaced step counts per decade from 1 to {@code nMax}, rounded and
     * de-duplicated, always including 1 and nMax.
     *
     * @param nMax      the last step count
     * @param perDecade about how many step counts per decade
     * @return the checkpoints
     * @throws IllegalArgumentException unless {@code nMax >= 1} and {@code perDecade >= 1}
     */
    public static Checkpoints logSpaced(int nMax, int perDecade) {
        if (nMax < 1) {
            throw new IllegalArgumentException("largest step count nMax=" + nMax + " must be >= 1");
        }
        if (perDecade < 1) {
            throw new IllegalArgumentException("checkpoints per decade=" + perDecade + " must be >= 1");
        }
        TreeSet<Integer> s = new TreeSet<>();
        s.add(1);
        s.add(nMax);
        double decades = Math.log10(nMax);
        int count = (int) Math.ceil(decades * perDecade);
        for (int i = 1; i < count; i++) {
            s.add((int) Math.round(Math.pow(10, decades * i / count)));
        }
        return new Checkpoints(s.stream().mapToInt(Integer::intValue).toArray());
    }

    /** @return a copy of the step counts */
    @Override
    public int[] steps() {
        return steps.clone();
    }

    /** @return the number of checkpoints */
    public int size() {
        return steps.length;
    }

    /**
     * One step count, without copying.
     *
     * @param j the checkpoint's index, 0-based
     * @return its step count
     */
    public int step(int j) {
        return steps[j];
    }

    /** @return the last (largest) step count */
    public int last() {
        return steps[steps.length - 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Checkpoints c && Arrays.equals(steps, c.steps);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(steps);
    }

    @Override
    public String toString() {
        return Arrays.toString(steps);
    }
}
