package org.msgdlab.sde;

/**
 * Parameter checks of the sde module. Every message names the parameter, its value and the rule,
 * on one line ({@code step size eta=-0.1 must be > 0}). Stateless and thread-safe.
 */
public final class Checks {

    private Checks() {
    }

    /**
     * A step size {@code eta > 0}, finite.
     *
     * @param name the parameter's name, for the message
     * @param eta  the step size
     * @return {@code eta}
     * @throws IllegalArgumentException unless eta is finite and &gt; 0
     */
    public static double stepSize(String name, double eta) {
        if (!(eta > 0) || !Double.isFinite(eta)) {
            throw new IllegalArgumentException("step size " + name + "=" + eta + " must be > 0 and finite");
        }
        return eta;
    }

    /**
     * A horizon {@code T > 0}, finite.
     *
     * @param t the horizon T
     * @return {@code t}
     * @throws IllegalArgumentException unless T is finite and &gt; 0
     */
    public static double horizon(double t) {
        if (!(t > 0) || !Double.isFinite(t)) {
            throw new IllegalArgumentException("horizon T=" + t + " must be > 0 and finite");
        }
        return t;
    }

    /**
     * The reference refinement {@code m >= 1} (reference step eta / 2^m).
     *
     * @param m the refinement
     * @return {@code m}
     * @throws IllegalArgumentException unless {@code 1 <= m <= 20}
     */
    public static int refinement(int m) {
        if (m < 1) {
            throw new IllegalArgumentException("reference refinement m=" + m + " must be >= 1");
        }
        if (m > 20) {
            throw new IllegalArgumentException("reference refinement m=" + m + " must be <= 20 (2^m fine steps per step)");
        }
        return m;
    }

    /**
     * A batch size {@code b >= 1}.
     *
     * @param b the batch size
     * @return {@code b}
     * @throws IllegalArgumentException unless {@code b >= 1}
     */
    public static int batch(int b) {
        if (b < 1) {
            throw new IllegalArgumentException("batch size b=" + b + " must be >= 1");
        }
        return b;
    }

    /**
     * A batch size {@code 1 <= b <= n}.
     *
     * @param b the batch size
     * @param n the number of samples
     * @return {@code b}
     * @throws IllegalArgumentException unless {@code 1 <= b <= n}
     */
    public static int batch(int b, int n) {
        batch(b);
        if (b > n) {
            throw new IllegalArgumentException("batch size b=" + b + " must be <= n=" + n);
        }
        return b;
    }

    /**
     * An integer parameter at least {@code min}.
     *
     * @param name  the parameter's name, for the message
     * @param value its value
     * @param min   the smallest allowed value
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value < min}
     */
    public static int atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + "=" + value + " must be >= " + min);
        }
        return value;
    }

    /**
     * A finite, strictly positive real parameter.
     *
     * @param name  the parameter's name, for the message
     * @param value its value
     * @return {@code value}
     * @throws IllegalArgumentException unless the value is finite and &gt; 0
     */
    public static double positive(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + "=" + value + " must be > 0 and finite");
        }
        return value;
    }

    /**
     * A finite, non-negative real parameter.
     *
     * @param name  the parameter's name, for the message
     * @param value its value
     * @return {@code value}
     * @throws IllegalArgumentException unless the value is finite and &ge; 0
     */
    public static double nonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + "=" + value + " must be >= 0 and finite");
        }
        return value;
    }
}
