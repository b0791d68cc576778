package org.msgdlab.sde.path;

/**
 * The step sizes an order fit compares: K_j = K_0 2^j steps of η_j = T / K_j to the horizon T,
 * j = 0 .. stepSizes - 1 (each halving the previous step, so the paths nest). Implementations are
 * immutable records.
 */
public interface StepSizeLadder {

    /** @return T, the horizon */
    double horizon();

    /** @return K_0, the number of steps of the coarsest step size */
    int coarsestSteps();

    /** @return how many step sizes */
    int stepSizes();

    /**
     * η_j = T / (K_0 2^j).
     *
     * @param j the step size's index, 0-based
     * @return η_j
     */
    default double eta(int j) {
        return horizon() / steps(j);
    }

    /**
     * K_j = K_0 2^j, the number of steps of η_j to the horizon.
     *
     * @param j the step size's index, 0-based
     * @return K_j
     */
    default int steps(int j) {
        return coarsestSteps() << j;
    }

    /** @return η_0 .. η_{stepSizes-1}, a new array */
    default double[] etas() {
        double[] e = new double[stepSizes()];
        for (int j = 0; j < e.length; j++) {
            e[j] = eta(j);
        }
        return e;
    }
}
