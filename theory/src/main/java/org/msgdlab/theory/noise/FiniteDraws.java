package org.msgdlab.theory.noise;

import org.msgdlab.core.claims.CheckFailure;

/**
 * The check that a noise's draws are finite: a NaN or an infinity in a draw makes every Monte Carlo
 * estimate and standard error NaN, and the failure must name the noise's draw, not a NaN tolerance
 * further on. Stateless.
 */
public final class FiniteDraws {

    private FiniteDraws() {
    }

    /**
     * Refuses a draw with a non-finite entry, naming the noise, the entry and its value.
     *
     * @param noise the noise that drew it, for the message
     * @param what  what the vector is, e.g. {@code "V"} or {@code "W = 1/n + V"}
     * @param v     the draw
     * @param n     its dimension
     * @throws CheckFailure on the first non-finite entry, e.g. "MSGD-x (n=1000) drew a non-finite value, V[3] = NaN: a
     *                      sampling noise must draw finite values"
     */
    public static void require(SamplingNoise noise, String what, double[] v, int n) {
        int i = firstNonFinite(v, n);
        if (i >= 0) {
            throw new CheckFailure(noise.paperName() + " (n=" + n + ") " + drew(what, v, i));
        }
    }

    /**
     * The index of the first non-finite entry.
     *
     * @param v the draw
     * @param n its dimension
     * @return the index, or -1 when all n entries are finite
     */
    public static int firstNonFinite(double[] v, int n) {
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(v[i])) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The sentence for a non-finite entry.
     *
     * @param what what the vector is, e.g. {@code "V"}
     * @param v    the draw
     * @param i    the entry's index
     * @return e.g. "drew a non-finite value, V[3] = NaN: a sampling noise must draw finite values"
     */
    public static String drew(String what, double[] v, int i) {
        return "drew a non-finite value, " + what + "[" + i + "] = " + v[i] + ": a sampling noise must draw finite values";
    }
}
