package org.msgdlab.theory.noise;

/**
 * Parameter checks of sampling noises whose messages name the parameter, its value and the rule
 * ({@code batch size b=1200 must be <= n=1000}); public so that plug-in noises validate as the
 * built-in ones do. Stateless and thread-safe.
 */
public final class Validation {

    private Validation() {
    }

    /**
     * Checks the number of samples.
     *
     * @param n the number of samples
     * @throws IllegalArgumentException unless the number of samples n &ge; 2
     */
    public static void requireSampleCount(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("number of samples n=" + n + " must be >= 2");
        }
    }

    /**
     * Checks a batch size against the number of samples.
     *
     * @param name the batch size's name, e.g. "b"
     * @param b    the batch size
     * @param n    the number of samples
     * @throws IllegalArgumentException unless {@code 1 <= b <= n}
     */
    public static void requireBatch(String name, int b, int n) {
        if (b < 1) {
            throw new IllegalArgumentException("batch size " + name + "=" + b + " must be >= 1");
        }
        if (b > n) {
            throw new IllegalArgumentException("batch size " + name + "=" + b + " must be <= n=" + n);
        }
    }

    /**
     * Checks that a parameter is finite and positive.
     *
     * @param name the parameter's name, for the message
     * @param v    its value
     * @throws IllegalArgumentException unless {@code v} is finite and &gt; 0
     */
    public static void requireFinitePositive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + "=" + v + " must be finite and > 0");
        }
    }

    /**
     * Checks that a parameter is finite and non-negative.
     *
     * @param name the parameter's name, for the message
     * @param v    its value
     * @throws IllegalArgumentException unless {@code v} is finite and &ge; 0
     */
    public static void requireFiniteNonNegative(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + "=" + v + " must be finite and >= 0");
        }
    }
}
