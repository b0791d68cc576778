package org.msgdlab.sde.path;

/**
 * The step sizes an order fit compares: K_j = K_0 2^j steps of η_j = T / K_j to the horizon T,
 * j = 0 .. stepSizes - 1 (each halving the previous step, so the paths nest).
 */
public interface StepSizeLadder {

    /** T, the horizon. */
    double horizon();

    /** K_0, the number of steps of the coarsest step size. */
    int coarsestSteps();

    /** How many step sizes. */
    int stepSizes();

    /** η_j = T / (K_0 2^j). */
    default double eta(int j) {
        return horizon() / steps(j);
    }

    /** K_j = K_0 2^j, the number of steps of η_j to the horizon. */
    default int steps(int j) {
        return coarsestSteps() << j;
    }

    /** η_0 .. η_{stepSizes-1}. */
    default double[] etas() {
        double[] e = new double[stepSizes()];
        for (int j = 0; j < e.length; j++) {
            e[j] = eta(j);
        }
        return e;
    }
}
