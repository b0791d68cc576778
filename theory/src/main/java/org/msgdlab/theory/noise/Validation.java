package org.msgdlab.theory.noise;

/** Parameter checks whose messages name the parameter, its value and the rule. */
final class Validation {

    private Validation() {
    }

    static void requireSampleCount(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("number of samples n=" + n + " must be >= 2");
        }
    }

    /** {@code 1 <= b <= n}. */
    static void requireBatch(String name, int b, int n) {
        if (b < 1) {
            throw new IllegalArgumentException("batch size " + name + "=" + b + " must be >= 1");
        }
        if (b > n) {
            throw new IllegalArgumentException("batch size " + name + "=" + b + " must be <= n=" + n);
        }
    }

    static void requireFinitePositive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + "=" + v + " must be finite and > 0");
        }
    }

    static void requireFiniteNonNegative(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + "=" + v + " must be finite and >= 0");
        }
    }
}
