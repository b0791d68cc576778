package org.msgdlab.theory.noise;

/**
 * Exact first and second moments of a discrete sampling noise, by enumerating its (finitely
 * many) outcomes with their probabilities: no Monte Carlo, only round-off. Used to check the
 * closed forms of Proposition 1 and Section 4.3 for every small n.
 */
public record ExactMoments(int n, double[] mean, double[][] second, double totalProbability) {

    /** One outcome v with probability p. */
    public record Outcome(double p, double[] v) {
    }

    public static ExactMoments of(int n, Iterable<Outcome> outcomes) {
        double[] mean = new double[n];
        double[][] second = new double[n][n];
        double total = 0;
        for (Outcome o : outcomes) {
            total += o.p();
            for (int i = 0; i < n; i++) {
                mean[i] += o.p() * o.v()[i];
                for (int j = 0; j < n; j++) {
                    second[i][j] += o.p() * o.v()[i] * o.v()[j];
                }
            }
        }
        return new ExactMoments(n, mean, second, total);
    }

    /** Covariance entry Cov[V_i, V_j]. */
    public double covariance(int i, int j) {
        return second[i][j] - mean[i] * mean[j];
    }

    /**
     * Asserts that every entry of Var[V] equals the exchangeable {@code expected} and every mean
     * equals {@code expectedMean}, to a round-off bound: each entry is a sum over the outcomes of
     * p * v_i * v_j, so its error is at most (outcomes + 2) * u * max|v|^2 (probabilities sum to 1).
     */
    public void assertMatches(ExchangeableCovariance expected, double expectedMean, int outcomes, double maxAbs, String what) {
        RoundOff.assertClose(1.0, totalProbability, (outcomes + 1) * RoundOff.EPS, what + ": probabilities sum to 1");
        double tol = (outcomes + 4) * RoundOff.EPS * maxAbs * maxAbs + 8 * RoundOff.EPS * (Math.abs(expected.diagonal()) + Math.abs(expected.offDiagonal()));
        double meanTol = (outcomes + 4) * RoundOff.EPS * maxAbs;
        for (int i = 0; i < n; i++) {
            RoundOff.assertClose(expectedMean, mean[i], meanTol, what + ": E[V_" + i + "]");
            for (int j = 0; j < n; j++) {
                double e = i == j ? expected.diagonal() : expected.offDiagonal();
                RoundOff.assertClose(e, covariance(i, j), tol, what + ": Var[V]_" + i + "," + j);
            }
        }
    }
}
