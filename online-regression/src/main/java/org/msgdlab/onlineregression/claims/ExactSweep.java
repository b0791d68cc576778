package org.msgdlab.onlineregression.claims;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.bound.StepSizeCondition;
import org.msgdlab.onlineregression.bound.Theorem1Bound;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.exact.ProofTraces;
import org.msgdlab.onlineregression.problem.Assumptions;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.sim.Checkpoints;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The exact (Monte Carlo free) sweep of the study: for every swept problem, noise variance, small
 * batch b and step size inside the proof's condition, the exact expected excess risk of the
 * averaged iterate at every n up to {@code exactNMax}, compared with both versions of the bound,
 * plus the proof's traces, the stability threshold of the second-moment recursion, probes outside
 * the hidden step-size condition (marked, not part of any verdict), and the exact MSGD/SGD
 * comparison over every B and noise class. Built once by {@link #run} and not modified afterwards.
 *
 * @param points     the configurations inside the proof's condition
 * @param probes     the probes outside the hidden step-size condition
 * @param stability  the stability threshold per problem and b
 * @param equality   the exact MSGD/SGD comparisons
 * @param exactNMax  the last n of the exact curves
 * @param seconds    the wall-clock seconds the sweep took
 */
public record ExactSweep(List<Point> points, List<Probe> probes, List<Stability> stability, List<Equality> equality,
                         int exactNMax, double seconds) {

    /**
     * One configuration inside the proof's condition.
     *
     * @param problem        the problem's name
     * @param sigma2         its noise variance
     * @param b              the small batch size
     * @param fraction       eta as a fraction of the largest allowed step
     * @param eta            the step size
     * @param kappa          {@code (R^2+(b-1)lambda)/b}
     * @param lambda         lambda of (A3)
     * @param d              the dimension
     * @param worstPrinted   max over n of exact risk / printed bound, at {@code nPrinted}
     * @param worstRederived max over n of exact risk / re-derived bound, at {@code nRederived}
     * @param endPrinted     exact risk / printed bound at n = exactNMax
     * @param nPrinted       the n of {@code worstPrinted}
     * @param nRederived     the n of {@code worstRederived}
     * @param endRederived   exact risk / re-derived bound at n = exactNMax
     * @param riskEnd        the exact risk at n = exactNMax
     * @param traces         the proof's traces at (b, eta)
     */
    public record Point(String problem, double sigma2, int b, double fraction, double eta, double kappa, double lambda, int d,
                        double worstPrinted, int nPrinted, double worstRederived, int nRederived, double endPrinted,
                        double endRederived, double riskEnd, ProofTraces traces) {

        /**
         * The configuration in words, for evidence.
         *
         * @param n the step count to name
         * @return problem, sigma^2, b, eta and n in one line
         */
        public String where(int n) {
            return String.format(Locale.ROOT, "%s, sigma^2=%s, b=%d, eta=%.4g (%.3g x largest allowed step; eta*kappa=%.3g), n=%d",
                    problem, sigma2, b, eta, fraction, eta * kappa, n);
        }
    }

    /**
     * A step inside the explicit condition but with {@code eta lambda > 1}: outside the hidden one.
     *
     * @param problem        the problem's name
     * @param sigma2         its noise variance
     * @param b              the small batch size
     * @param eta            the step size
     * @param kappa          {@code (R^2+(b-1)lambda)/b}
     * @param lambda         lambda of (A3)
     * @param worstRederived max over n of exact risk / re-derived bound (unchecked), at {@code nRederived}
     * @param nRederived     the n of {@code worstRederived}
     * @param worstPrinted   max over n of exact risk / printed bound (unchecked)
     */
    public record Probe(String problem, double sigma2, int b, double eta, double kappa, double lambda, double worstRederived,
                        int nRederived, double worstPrinted) {
    }

    /**
     * The step size {@code etaCritical} where the second-moment recursion of SGD-b becomes unstable
     * (spectral radius 1), against the proof's explicit limit {@code 2/kappa} and the
     * deterministic gradient-descent limit {@code 2/lambda}.
     *
     * @param problem     the problem's name
     * @param b           the small batch size
     * @param etaCritical the critical step size (infinite if none below {@code 100/lambda})
     * @param kappa       {@code (R^2+(b-1)lambda)/b}
     * @param lambda      lambda of (A3)
     */
    public record Stability(String problem, int b, double etaCritical, double kappa, double lambda) {
    }

    /**
     * Exact comparison at one (problem, b, B, class): the largest relative difference over the
     * checkpoints between MSGD and SGD-b, and between SGD-B and SGD-b.
     *
     * @param problem                    the problem's name
     * @param b                          the small batch size
     * @param batch                      the large batch size B
     * @param noise                      the noise class of MSGD
     * @param eta                        the step size (half the largest allowed)
     * @param msgdRelativeDifference     max relative risk difference, MSGD vs SGD-b
     * @param largeSgdRelativeDifference max relative risk difference, SGD-B vs SGD-b
     */
    public record Equality(String problem, int b, int batch, NoiseClass noise, double eta, double msgdRelativeDifference,
                           double largeSgdRelativeDifference) {
    }

    /**
     * Runs the sweep.
     *
     * @param plan the plan (swept problems, batches, step fractions, noise variances, nMax)
     * @return the sweep
     */
    public static ExactSweep run(RegressionPlan plan) {
        long t0 = System.nanoTime();
        int nMax = plan.exactNMax();
        List<Point> points = new ArrayList<>();
        List<Probe> probes = new ArrayList<>();
        List<Stability> stability = new ArrayList<>();
        List<Equality> equality = new ArrayList<>();
        for (RegressionProblem base : plan.swept()) {
            for (int b : plan.sweepBatches()) {
                Assumptions a0 = base.assumptions();
                double kappa = BoundInputs.of(a0, b, 1.0).kappa();
                double largest = StepSizeCondition.largestStep(kappa, a0.lambda());
                WeightMoments sgd = WeightMoments.averaging(b);
                stability.add(new Stability(base.name(), b, criticalStep(base, sgd), kappa, a0.lambda()));
                for (int fi = 0; fi < plan.etaFractions().size(); fi++) {
                    double f = plan.etaFractions().get(fi);
                    double eta = f * largest;
                    ProofTraces traces = ProofTraces.compute(base, sgd, eta);
                    for (double s2 : plan.sigma2s()) {
                        RegressionProblem p = base.withSigma2(base.name(), s2);
                        points.add(point(p, b, f, eta, nMax, traces));
                    }
                }
                if (2 / kappa > 1 / a0.lambda() * 1.02) {
                    double eta = 0.5 * (1 / a0.lambda() + 2 / kappa);
                    RegressionProblem p = base;
                    BoundInputs in = BoundInputs.of(p.assumptions(), b, eta);
                    Theorem1Bound re = Theorem1Bound.unchecked(Theorem1Bound.Version.REDERIVED, in);
                    Theorem1Bound pr = Theorem1Bound.unchecked(Theorem1Bound.Version.PRINTED, in);
                    ExactRisk r = ExactRisk.of(p, sgd, eta);
                    double worst = 0;
                    double worstP = 0;
                    int at = 0;
                    for (int n = 0; n <= nMax; n++) {
                        if (n > 0) {
                            r.step();
                        }
                        double risk = r.averagedRisk();
                        double q = risk / re.value(n);
                        if (q > worst) {
                            worst = q;
                            at = n;
                        }
                        worstP = Math.max(worstP, risk / pr.value(n));
                    }
                    probes.add(new Probe(base.name(), p.sigma2(), b, eta, kappa, a0.lambda(), worst, at, worstP));
                }
                // exact MSGD vs SGD-b over every B and class, at half the largest step
                double eta = 0.5 * largest;
                int[] steps = Checkpoints.logSpaced(Math.min(nMax, 10_000), 8).steps();
                double[] ref = ExactRisk.averaged(base, sgd, eta, steps);
                for (int factor : plan.sweepLargeFactors()) {
                    int big = factor * b;
                    double[] large = ExactRisk.averaged(base, WeightMoments.averaging(big), eta, steps);
                    double largeDiff = maxRelativeDifference(ref, large);
                    if (big < 2) {
                        continue; // MSGD needs B >= 2
                    }
                    for (NoiseClass c : plan.classes()) {
                        double[] msgd = ExactRisk.averaged(base, new Algorithm.LargeBatchMsgd(b, big, c).moments(), eta, steps);
                        equality.add(new Equality(base.name(), b, big, c, eta, maxRelativeDifference(ref, msgd), largeDiff));
                    }
                }
            }
        }
        return new ExactSweep(points, probes, stability, equality, nMax, (System.nanoTime() - t0) / 1e9);
    }

    private static Point point(RegressionProblem p, int b, double f, double eta, int nMax, ProofTraces traces) {
        BoundInputs in = BoundInputs.of(p.assumptions(), b, eta);
        Theorem1Bound printed = Theorem1Bound.printed(in);
        Theorem1Bound rederived = Theorem1Bound.rederived(in);
        ExactRisk r = ExactRisk.of(p, WeightMoments.averaging(b), eta);
        double wp = 0;
        double wr = 0;
        int np = 0;
        int nr = 0;
        double risk = r.averagedRisk();
        for (int n = 0; n <= nMax; n++) {
            if (n > 0) {
                r.step();
                risk = r.averagedRisk();
            }
            double qp = risk / printed.value(n);
            double qr = risk / rederived.value(n);
            if (qp > wp) {
                wp = qp;
                np = n;
            }
            if (qr > wr) {
                wr = qr;
                nr = n;
            }
        }
        return new Point(p.name(), p.sigma2(), b, f, eta, in.kappa(), in.lambda(), in.d(), wp, np, wr, nr,
                risk / printed.value(nMax), risk / rederived.value(nMax), risk, traces);
    }

    static double maxRelativeDifference(double[] ref, double[] other) {
        double m = 0;
        for (int j = 0; j < ref.length; j++) {
            m = Math.max(m, Math.abs(other[j] - ref[j]) / Math.abs(ref[j]));
        }
        return m;
    }

    /**
     * The smallest step size at which the linear map {@code diag(P_n) -> diag(P_{n+1})} of
     * Eq. (1) (noise-free part) has spectral radius 1: beyond it the expected risk diverges.
     */
    static double criticalStep(RegressionProblem p, WeightMoments w) {
        double lo = 1e-6 / p.spectrum().max();
        if (spectralRadius(p, w, lo) >= 1) {
            return lo;
        }
        double hi = lo;
        while (spectralRadius(p, w, hi) < 1) {
            lo = hi;
            hi *= 1.05;
            if (hi > 100 / p.spectrum().max()) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 60; i++) {
            double mid = 0.5 * (lo + hi);
            if (spectralRadius(p, w, mid) < 1) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    static double spectralRadius(RegressionProblem p, WeightMoments w, double eta) {
        double[] lambda = p.spectrum().eigenvalues();
        int d = lambda.length;
        DMatrixRMaj m = new DMatrixRMaj(d, d);
        double[] unit = new double[d];
        double[] f = new double[d];
        for (int j = 0; j < d; j++) {
            java.util.Arrays.fill(unit, 0);
            unit[j] = 1;
            p.design().fourthMomentDiagonal(lambda, unit, f);
            for (int i = 0; i < d; i++) {
                double v = eta * eta * w.squares() * f[i];
                if (i == j) {
                    v += 1 - 2 * eta * lambda[i] + eta * eta * w.cross() * lambda[i] * lambda[i];
                }
                m.set(i, j, v);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, false);
        if (!eig.decompose(m)) {
            throw new IllegalStateException("eigenvalues of the moment map failed at eta=" + eta);
        }
        double r = 0;
        for (int k = 0; k < d; k++) {
            r = Math.max(r, eig.getEigenvalue(k).getMagnitude());
        }
        return r;
    }
}
