package org.msgdlab.theory.noise;

/**
 * Floating-point round-off bounds used as tolerances of exact identities. With the unit round-off
 * u = 2^-53, a sum of m terms computed left to right has absolute error at most (m - 1) u times
 * the sum of the absolute values of the terms; each bound below states which sum it uses. The
 * tolerances are written in units of {@link #EPS} = 2^-52 = 2u.
 */
public final class RoundOff {

    /** 2^-52, the spacing of doubles just above 1 (two unit round-offs). */
    public static final double EPS = 0x1p-52;

    /**
     * A zero-mean standard Gaussian (or Rademacher) sum of m terms exceeds 10 sqrt(m) in absolute
     * value with probability below 2e-22 (Gaussian tail / Hoeffding); bounds that need |sum of the
     * driving variables| use this, and say so.
     */
    public static final double DRIVER_SUM_BOUND = 10.0;

    private RoundOff() {
    }

    /** |a - b| <= tol, with a message that gives both values, the gap and the bound. */
    public static void assertClose(double expected, double actual, double tol, String what) {
        double gap = Math.abs(expected - actual);
        if (!(gap <= tol)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual + " (gap " + gap
                    + " > round-off bound " + tol + ")");
        }
    }
}
